import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

const GUARDED = ['/v1/', '/broadcasting/'];

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * When an API key is configured, API calls without it get 403 (never 401,
 * which would log the user out in the SPA).
 */
export default fp<{ apiKey?: string }>(async (app, { apiKey }) => {
  if (!apiKey) return;
  app.addHook('onRequest', async (request) => {
    // The router decodes the path (`/%761/…` is `/v1/…`), so check what it matched, not the raw URL.
    const path = request.routeOptions.url ?? decodeURIComponent(request.url.split('?')[0]);
    if (!GUARDED.some((prefix) => path.startsWith(prefix))) return;
    if (path.startsWith('/v1/docs')) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !same(given, apiKey)) throw new HttpError(403, 'errors.apiKey');
  });
}, { name: 'api-key' });
