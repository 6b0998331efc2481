import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  RequestCodeBody,
  RequestCodeResponse,
  SessionResource,
  VerifyCodeBody,
  VerifyCodeResponse,
} from '../../../shared/api/auth';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, requestCodeSchema, verifyCodeSchema } from '../../../shared/validation/auth';
import { contactKind, normalizeContact } from '../../../shared/validation/contact';
import { HttpError, notFound } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { accountForProvenAddress } from './address-ownership';
import { otpService } from './otp-service';
import type { CodeSender } from './code-sender';

// Per IP, on top of the per-address limits inside the OTP service.
const PER_IP = { max: 20, timeWindow: '10 minutes' };

const authRoutes: FastifyPluginAsyncTypebox<{ sender: CodeSender }> = async (app, { sender }) => {
  const otp = otpService(app.db);

  app.post(
    '/auth',
    {
      config: { rateLimit: PER_IP },
      schema: { tags: ['auth'], summary: 'Send a one-time sign-in code', body: RequestCodeBody, response: { 200: RequestCodeResponse } },
    },
    async (request) => {
      const input = await validateShared(requestCodeSchema, request.body);
      const address = normalizeContact(input.address);
      const channel: 'email' | 'phone' = contactKind(address) === 'phone' ? 'phone' : 'email';
      const scope = { address, owner: null };
      const { code, id } = await otp.issue(scope, request.ip);
      try {
        await sender.send({ channel, address, code, lang: request.lang });
      } catch (error) {
        await otp.withdraw(id);
        request.log.error({ err: error, channel }, 'sign-in code delivery failed');
        throw new HttpError(503, 'auth.errors.sendFailed');
      }
      await otp.activate(scope, request.ip, id);
      return { data: { channel, address, expires_in: OTP_TTL_SECONDS, resend_in: OTP_RESEND_SECONDS } };
    },
  );

  app.post(
    '/verify-auth-otp',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: { tags: ['auth'], summary: 'Exchange a code for a bearer token', body: VerifyCodeBody, response: { 200: VerifyCodeResponse } },
    },
    async (request) => {
      const input = await validateShared(verifyCodeSchema, request.body);
      const address = normalizeContact(input.address);
      const kind = contactKind(address) === 'phone' ? 'phone' : 'email';
      // The code proved the address: it signs in the account that proved it before, or a new one.
      const user = await otp.verify({ address, owner: null }, input.code, request.ip, (tx) => accountForProvenAddress(tx, kind, address, request.lang));
      const issued = await app.tokens.issue(user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      return { token: issued.token, user: { id: user.id } };
    },
  );

  app.get(
    '/sign-out',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: DataEnvelope(Type.Object({ signed_out: Type.Boolean() })) } } },
    async (request) => {
      await app.tokens.revoke(currentUser(request).id, request.tokenId!);
      return { data: { signed_out: true } };
    },
  );

  app.get(
    '/sessions',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'My signed-in devices', response: { 200: DataEnvelope(Type.Array(SessionResource)) } } },
    async (request) => {
      const rows = await app.tokens.listActive(currentUser(request).id);
      return {
        data: rows.map((row) => ({
          id: row.id,
          user_agent: row.userAgent,
          ip: row.ip,
          created_at: iso(row.createdAt),
          last_used_at: iso(row.lastUsedAt),
          expires_at: iso(row.expiresAt),
          current: row.id === request.tokenId,
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'End one of my sessions', params: IdParams, response: { 200: DataEnvelope(Type.Object({ revoked: Type.Integer() })) } } },
    async (request) => {
      const revoked = await app.tokens.revoke(currentUser(request).id, request.params.id);
      if (!revoked) throw notFound();
      return { data: { revoked: 1 } };
    },
  );

  app.post(
    '/sessions/revoke-others',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'End every session but this one', response: { 200: DataEnvelope(Type.Object({ revoked: Type.Integer() })) } } },
    async (request) => {
      const revoked = await app.tokens.revokeAllExcept(currentUser(request).id, request.tokenId);
      return { data: { revoked } };
    },
  );
};

export default authRoutes;
