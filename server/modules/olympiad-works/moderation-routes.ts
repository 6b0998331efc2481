import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { DecisionBody, ModerationItem, ModerationQueueQuery, ModerationQueueResponse, ScoreBody } from '../../../shared/api/olympiad-works';
import { OLYMPIAD_EDITORS } from '../../../shared/roles';
import { decisionSchema, scoreSchema } from '../../../shared/validation/olympiad-works';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import type { ModerationService } from './moderation-service';

const tags = ['olympiad works: moderation'];

/** Moderators and admins: the queue, claiming a work, deciding it, scoring a published one. */
const moderationRoutes: FastifyPluginAsyncTypebox<{ moderation: ModerationService }> = async (app, { moderation }) => {
  const staff = app.requireRole(...OLYMPIAD_EDITORS);

  app.get(
    '/olympiad/moderation/works',
    {
      preHandler: staff,
      schema: { tags, summary: 'Works on moderation, overdue (past 24 hours) first, then oldest first, with their age and who is deciding each', querystring: ModerationQueueQuery, response: { 200: ModerationQueueResponse } },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await moderation.queue(currentUser(request), page, perPage, request.lang, new Date());
      return { data: rows, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },
  );

  app.post(
    '/olympiad/moderation/works/:id/claim',
    { preHandler: staff, schema: { tags, summary: 'Take a work to decide it (409 when another moderator holds it or it is decided); the claim lapses after 15 minutes', params: IdParams, response: { 200: DataEnvelope(ModerationItem) } } },
    async (request) => ({ data: await moderation.claim(request.params.id, currentUser(request), request.lang, new Date()) }),
  );

  app.post(
    '/olympiad/moderation/works/:id/release',
    { preHandler: staff, schema: { tags, summary: 'Let go of my claim on a work', params: IdParams } },
    async (request, reply) => {
      await moderation.release(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/olympiad/moderation/works/:id/decision',
    {
      preHandler: staff,
      schema: { tags, summary: 'Approve (publish) or reject with a reason from the list or written; 409 when decided already or held by another moderator', params: IdParams, body: DecisionBody, response: { 200: DataEnvelope(ModerationItem) } },
    },
    async (request) => {
      const input = await validateShared(decisionSchema, request.body);
      return { data: await moderation.decide(request.params.id, input, currentUser(request), request.lang, new Date()) };
    },
  );

  app.put(
    '/olympiad/works/:id/score',
    { preHandler: staff, schema: { tags, summary: 'Points for a published work of a scored contest (null takes them back); they count towards the rating', params: IdParams, body: ScoreBody, response: { 200: DataEnvelope(ModerationItem) } } },
    async (request) => {
      const { score } = await validateShared(scoreSchema, request.body);
      return { data: await moderation.score(request.params.id, score ?? null, currentUser(request), request.lang, new Date()) };
    },
  );
};

export default moderationRoutes;
