import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage';
import storageRoutes from './storage-routes';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Decorates `app.storage` and serves the local files under `/storage/`. */
export default fp<{ storage: FileStorage }>(
  async (app, { storage }) => {
    app.decorate('storage', storage);
    await app.register(storageRoutes, { storage });
  },
  { name: 'storage' },
);
