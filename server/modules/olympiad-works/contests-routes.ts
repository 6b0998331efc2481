import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { Contest, ContestBody, ContestsResponse } from '../../../shared/api/olympiad-works';
import { OLYMPIAD_EDITORS } from '../../../shared/roles';
import { currentUser } from '../../plugins/authentication';
import { contestsService } from './contests-service';

const tags = ['olympiad works: contests'];

/** Contests: anyone reads them (a participant also sees where they stand); staff create and edit them. */
const contestsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const contests = contestsService(app.db);
  const staff = app.requireRole(...OLYMPIAD_EDITORS);

  app.get(
    '/olympiad/contests',
    { schema: { tags, summary: 'Every creative contest, open ones first; for a participant also their works in each and whether they may enter', response: { 200: ContestsResponse } } },
    async (request) => ({ data: await contests.list(request.user, request.lang, new Date()) }),
  );

  app.get(
    '/olympiad/contests/:id',
    { schema: { tags, summary: 'One contest with its rules', params: IdParams, response: { 200: DataEnvelope(Contest) } } },
    async (request) => ({ data: await contests.one(request.params.id, request.user, request.lang, new Date()) }),
  );

  app.post(
    '/olympiad/contests',
    { preHandler: staff, schema: { tags, summary: 'Staff: create a contest (texts in both languages, dates, who may enter, works per participant)', body: ContestBody, response: { 201: DataEnvelope(Contest) } } },
    async (request, reply) => reply.status(201).send({ data: await contests.create(request.body, currentUser(request), request.lang, new Date()) }),
  );

  app.put(
    '/olympiad/contests/:id',
    { preHandler: staff, schema: { tags, summary: 'Staff: change a contest', params: IdParams, body: ContestBody, response: { 200: DataEnvelope(Contest) } } },
    async (request) => ({ data: await contests.update(request.params.id, request.body, currentUser(request), request.lang, new Date()) }),
  );
};

export default contestsRoutes;
