import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataEnvelope } from '../../../shared/api/envelope';
import { homeRepository } from './home-repository';

const HomeStats = Type.Object({ users: Type.Integer() });

/** Figures the public home page shows; later domains add their own counts here. */
const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = homeRepository(app.db);
  app.get(
    '/home/stats',
    { schema: { tags: ['home'], summary: 'Public figures for the home page', response: { 200: DataEnvelope(HomeStats) } } },
    async () => {
      return { data: { users: await repository.userCount() } };
    },
  );
};

export default homeRoutes;
