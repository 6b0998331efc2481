import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../../shared/roles';
import type { User } from '../db/schema';
import { forbidden, unauthenticated } from '../lib/http-error';
import { tokensRepository, type TokensRepository } from '../modules/auth/tokens-repository';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokensRepository;
    /** preHandler: 401 unless a live bearer token came with the request. */
    authenticate: preHandlerAsyncHookHandler;
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: User | null;
    tokenId: number | null;
  }
}

export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

export default fp(async (app) => {
  app.decorate('tokens', tokensRepository(app.db));
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);

  // Resolves the caller once per request; routes decide whether a guest may pass.
  app.addHook('preHandler', async (request) => {
    const token = bearer(request);
    if (!token) return;
    const resolved = await app.tokens.resolve(token);
    if (resolved) {
      request.user = resolved.user;
      request.tokenId = resolved.tokenId;
    }
  });

  app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw unauthenticated();
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    if (!request.user) throw unauthenticated();
    if (!roles.includes(request.user.role)) throw forbidden();
  });
}, { name: 'authentication', dependencies: ['database'] });
