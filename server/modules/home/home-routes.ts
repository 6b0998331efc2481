import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count } from 'drizzle-orm';
import { Type } from 'typebox';
import { DataEnvelope } from '../../../shared/api/envelope';
import { users } from '../../db/schema';

const HomeStats = Type.Object({ users: Type.Integer() });

/** Figures the public home page shows; later domains add their own counts here. */
const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/home/stats',
    { schema: { tags: ['home'], summary: 'Public figures for the home page', response: { 200: DataEnvelope(HomeStats) } } },
    async () => {
      const [row] = await app.db.select({ value: count() }).from(users);
      return { data: { users: Number(row.value) } };
    },
  );
};

export default homeRoutes;
