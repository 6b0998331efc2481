import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { Id } from '../../../shared/api/numbers';
import {
  ConflictResponse,
  EssaySubmission,
  EssaysQuery,
  EssaysResponse,
  FinalResultBody,
  FinalResultRow,
  FinalResultsQuery,
  FinalResultsResponse,
  GradeBody,
  StaffAttemptsQuery,
  StaffAttemptsResponse,
} from '../../../shared/api/olympiad-tests';
import { finalResultSchema } from '../../../shared/validation/olympiad-tests';
import { notFound } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { OLYMPIAD_EDITORS } from '../olympiad/editors';
import { staffResultsService } from './staff-results-service';
import { testsRepository } from './tests-repository';

const tags = ['olympiad tests (staff)'];
const id = Id();
const GradeParams = Type.Object({ id, questionId: id });
const ResultParams = Type.Object({ id, userId: id });

const meta = (page: number, perPage: number, total: number) => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** Staff (admin, moderator) see attempts, grade essays and enter the final's results. */
const staffResultsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const results = staffResultsService(app.db, app.notifier);
  const tests = testsRepository(app.db);
  const editors = app.requireRole(...OLYMPIAD_EDITORS);

  app.get(
    '/olympiad/admin/tests/:id/attempts',
    { preHandler: editors, schema: { tags, summary: 'Attempts at a test with participants and results', params: IdParams, querystring: StaffAttemptsQuery, response: { 200: StaffAttemptsResponse } } },
    async (request) => {
      if (!(await tests.byId(request.params.id))) throw notFound();
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await results.attempts(request.params.id, page, perPage, request.lang, new Date());
      return { data: rows, meta: meta(page, perPage, total) };
    },
  );

  app.get(
    '/olympiad/admin/essays',
    { preHandler: editors, schema: { tags, summary: 'Essays of finished attempts: awaiting grading (default), graded, or all', querystring: EssaysQuery, response: { 200: EssaysResponse } } },
    async (request) => {
      const { page, per_page: perPage, status, test_id: testId } = request.query;
      const { rows, total } = await results.essays({ status: status ?? 'awaiting', testId, page, perPage }, request.lang);
      return { data: rows, meta: meta(page, perPage, total) };
    },
  );

  app.put(
    '/olympiad/admin/attempts/:id/questions/:questionId/grade',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Grade an essay (points up to the question’s maximum, a comment); grading again replaces the grade',
        params: GradeParams,
        body: GradeBody,
        response: { 200: DataEnvelope(EssaySubmission), 409: ConflictResponse },
      },
    },
    async (request) => ({
      data: await results.grade(request.params.id, request.params.questionId, request.body, currentUser(request), request.lang, new Date()),
    }),
  );

  app.get(
    '/olympiad/admin/stages/:id/results',
    { preHandler: editors, schema: { tags, summary: 'Participants with their results of the in-person final', params: IdParams, querystring: FinalResultsQuery, response: { 200: FinalResultsResponse } } },
    async (request) => {
      await results.finalStage(request.params.id);
      const { page, per_page: perPage, search } = request.query;
      const { rows, total } = await results.finalResults(request.params.id, search, page, perPage);
      return { data: rows, meta: meta(page, perPage, total) };
    },
  );

  app.put(
    '/olympiad/admin/stages/:id/results/:userId',
    {
      preHandler: editors,
      schema: { tags, summary: 'Enter or change a participant’s final result', params: ResultParams, body: FinalResultBody, response: { 200: DataEnvelope(FinalResultRow) } },
    },
    async (request) => {
      await results.finalStage(request.params.id);
      const input = await validateShared(finalResultSchema, request.body);
      return { data: await results.setFinalResult(request.params.id, request.params.userId, input, currentUser(request).id, new Date()) };
    },
  );

  app.delete(
    '/olympiad/admin/stages/:id/results/:userId',
    {
      preHandler: editors,
      schema: { tags, summary: 'Remove a participant’s final result', params: ResultParams, response: { 200: DataEnvelope(Type.Object({ deleted: Type.Boolean() })) } },
    },
    async (request) => {
      await results.finalStage(request.params.id);
      if (!(await results.removeFinalResult(request.params.id, request.params.userId))) throw notFound();
      return { data: { deleted: true } };
    },
  );
};

export default staffResultsRoutes;
