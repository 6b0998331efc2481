import type { FastifyPluginAsync } from 'fastify';
import { UPLOADED_FILE_HEADERS } from '../plugins/security-headers';
import type { FileStorage } from './file-storage';
import { SAFE_KEY_RE } from './file-storage';

/** Only what the app itself writes is served, each with a fixed, harmless type. */
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/**
 * `GET /storage/<key>`: files of the local storage. Keys name immutable
 * content (a new upload gets a new id), so browsers may keep them a year.
 */
const storageRoutes: FastifyPluginAsync<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get<{ Params: { '*': string } }>('/storage/*', { schema: { hide: true }, helmet: UPLOADED_FILE_HEADERS }, async (request, reply) => {
    const key = request.params['*'];
    const type = CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''];
    if (!type || !SAFE_KEY_RE.test(key)) return reply.callNotFound();
    const file = await storage.get(key);
    if (!file) return reply.callNotFound();
    return reply
      .header('content-type', type)
      .header('content-length', String(file.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
};

export default storageRoutes;
