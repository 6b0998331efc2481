import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams } from '../../../shared/api/envelope';
import { Id } from '../../../shared/api/numbers';
import {
  AttemptResponse,
  ConflictResponse,
  MyAttemptsQuery,
  MyAttemptsResponse,
  PositionBody,
  PositionResponse,
  SaveAnswerBody,
  SavedAnswerResponse,
  StatisticsResponse,
  TestResponse,
  TestsQuery,
  TestsResponse,
} from '../../../shared/api/olympiad-tests';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { attemptsService } from './attempts-service';
import { toTestSummary } from './staff-tests-service';

const AnswerParams = Type.Object({
  id: Id(),
  questionId: Id(),
});

const tags = ['olympiad tests'];

/** What participants do: see the tests, start, answer, move, finish, and look back at their attempts. */
const participantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const attempts = attemptsService(app.db);
  const { tests } = attempts;

  app.get(
    '/olympiad/tests',
    {
      schema: {
        tags,
        summary: 'Published tests with their windows; signed in, also my attempts and whether I may start',
        querystring: TestsQuery,
        response: { 200: TestsResponse },
      },
    },
    async (request) => {
      const now = new Date();
      const rows = (await tests.list({ stageId: request.query.stage_id, publishedOnly: true })).filter((row) => !row.stage.inPerson);
      const [pools, states] = await Promise.all([Promise.all(rows.map((row) => tests.poolIds(row.test))), attempts.stateFor(request.user, rows, now)]);
      const t = request.t.bind(request);
      return {
        data: rows.map((row, i) => {
          const summary = toTestSummary(row, pools[i].length, request.lang, now);
          const state = states.get(row.test.id);
          return state ? { ...summary, my: { ...state, reason: state.reason ? t(state.reason) : null } } : summary;
        }),
        server_time: now.toISOString(),
      };
    },
  );

  app.get(
    '/olympiad/tests/:id',
    { schema: { tags, summary: 'One published test', params: IdParams, response: { 200: TestResponse } } },
    async (request) => {
      const now = new Date();
      const row = await tests.byId(request.params.id);
      if (!row || !row.test.published || row.stage.inPerson) throw notFound();
      const [pool, states] = await Promise.all([tests.poolIds(row.test), attempts.stateFor(request.user, [row], now)]);
      const summary = toTestSummary(row, pool.length, request.lang, now);
      const state = states.get(row.test.id);
      return { data: state ? { ...summary, my: { ...state, reason: state.reason ? request.t(state.reason) : null } } : summary, server_time: now.toISOString() };
    },
  );

  app.post(
    '/olympiad/tests/:id/start',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Start the test (201), or get the attempt already running (200); verified participants only',
        params: IdParams,
        response: { 200: AttemptResponse, 201: AttemptResponse, 409: ConflictResponse },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { attempt, created } = await attempts.start(currentUser(request), request.params.id, request.lang, now);
      return reply.status(created ? 201 : 200).send({ data: attempt, server_time: new Date().toISOString() });
    },
  );

  app.get(
    '/olympiad/attempts/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'My attempt: questions, saved answers, deadline (resume after a reload)', params: IdParams, response: { 200: AttemptResponse } },
    },
    async (request) => {
      const now = new Date();
      return { data: await attempts.view(currentUser(request), request.params.id, request.lang, now), server_time: now.toISOString() };
    },
  );

  app.put(
    '/olympiad/attempts/:id/answers/:questionId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Save one answer (idempotent; a higher version wins; refused after the deadline and grace)',
        params: AnswerParams,
        body: SaveAnswerBody,
        response: { 200: SavedAnswerResponse, 409: ConflictResponse },
      },
    },
    async (request) => {
      const now = new Date();
      const saved = await attempts.saveAnswer(currentUser(request), request.params.id, request.params.questionId, request.body, now);
      return { data: saved, server_time: now.toISOString() };
    },
  );

  app.put(
    '/olympiad/attempts/:id/position',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Remember the question on screen', params: IdParams, body: PositionBody, response: { 200: PositionResponse, 409: ConflictResponse } },
    },
    async (request) => {
      const now = new Date();
      const index = await attempts.position(currentUser(request), request.params.id, request.body.index, now);
      return { data: { current_index: index }, server_time: now.toISOString() };
    },
  );

  app.post(
    '/olympiad/attempts/:id/finish',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'End the test now (again: the finished attempt)', params: IdParams, response: { 200: AttemptResponse } },
    },
    async (request) => {
      const now = new Date();
      return { data: await attempts.finish(currentUser(request), request.params.id, request.lang, now), server_time: now.toISOString() };
    },
  );

  app.get(
    '/olympiad/me/attempts',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Every attempt of mine, newest first within each stage', querystring: MyAttemptsQuery, response: { 200: MyAttemptsResponse } },
    },
    async (request) => {
      const now = new Date();
      const data = await attempts.summaries(currentUser(request).id, { testId: request.query.test_id, stageId: request.query.stage_id }, request.lang, now);
      return { data, server_time: now.toISOString() };
    },
  );

  app.get(
    '/olympiad/me/statistics',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Statistics by stage: every attempt and the final’s result', response: { 200: StatisticsResponse } },
    },
    async (request) => {
      const now = new Date();
      return { data: await attempts.statistics(currentUser(request).id, request.lang, now), server_time: now.toISOString() };
    },
  );
};

export default participantRoutes;
