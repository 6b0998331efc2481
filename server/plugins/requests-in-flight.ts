import fp from 'fastify-plugin';
import { requestBegan, requestEnded } from '../lib/slice-turns';

/**
 * Counts the requests being answered, so that heavy work in slices runs in the gaps between them
 * (server/lib/slice-turns.ts). A response closes once, when it is sent or when its client goes away.
 */
export default fp(async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    requestBegan();
    reply.raw.once('close', requestEnded);
  });
});
