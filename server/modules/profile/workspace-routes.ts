import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq } from 'drizzle-orm';
import { DataEnvelope } from '../../../shared/api/envelope';
import { WorkspaceResource } from '../../../shared/api/workspace';
import { ads, businesses, olympiadParticipants } from '../../db/schema';
import { currentUser } from '../../plugins/authentication';

/**
 * `GET /v1/me/workspace`: which parts of the product a person has, for the user menu.
 * One small answer instead of the menu asking each domain (and being answered 404 by
 * the olympiad for a person who never joined it).
 */
const workspaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me/workspace',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], summary: 'What I own and take part in (businesses, published ads, the olympiad)', response: { 200: DataEnvelope(WorkspaceResource) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const [[owned], [published], participant] = await Promise.all([
        app.db.select({ n: count() }).from(businesses).where(eq(businesses.ownerId, userId)),
        app.db.select({ n: count() }).from(ads).where(and(eq(ads.userId, userId), eq(ads.status, 'published'))),
        app.db.select({ userId: olympiadParticipants.userId }).from(olympiadParticipants).where(eq(olympiadParticipants.userId, userId)).limit(1),
      ]);
      return { data: { businesses: owned.n, ads: published.n, olympiad_participant: participant.length > 0 } };
    },
  );
};

export default workspaceRoutes;
