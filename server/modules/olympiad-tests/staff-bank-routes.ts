import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import {
  QuestionBody,
  QuestionCategory,
  QuestionResource,
  QuestionsQuery,
  QuestionsResponse,
} from '../../../shared/api/olympiad-test-bank';
import { ImportBody, ImportReport } from '../../../shared/api/olympiad-test-import';
import { StaffTestResource, TestBody, TestsQuery } from '../../../shared/api/olympiad-tests';
import { msg } from '../../../shared/validation/message';
import { questionSchema } from '../../../shared/validation/olympiad-test-question';
import { IMPORT_MAX_CHARS } from '../../../shared/validation/olympiad-tests';
import { notFound, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { OLYMPIAD_EDITORS } from '../olympiad/editors';
import { importQuestions } from './import/import-service';
import { contentFromInput } from './question-content';
import { questionsRepository } from './questions-repository';
import { staffTestsService } from './staff-tests-service';

const tags = ['olympiad tests (staff)'];
const Deleted = DataEnvelope(Type.Object({ deleted: Type.Boolean() }));

/** Staff (admin, moderator) edit tests and the question bank, and import banks from Moodle XML and GIFT. */
const staffBankRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staffTests = staffTestsService(app.db);
  const questions = questionsRepository(app.db);
  const editors = app.requireRole(...OLYMPIAD_EDITORS);

  app.get(
    '/olympiad/admin/tests',
    { preHandler: editors, schema: { tags, summary: 'Every test, published or not', querystring: TestsQuery, response: { 200: DataEnvelope(Type.Array(StaffTestResource)) } } },
    async (request) => ({ data: await staffTests.list(request.query.stage_id, new Date()) }),
  );

  app.post(
    '/olympiad/admin/tests',
    { preHandler: editors, schema: { tags, summary: 'Create a test in a stage', body: TestBody, response: { 201: DataEnvelope(StaffTestResource) } } },
    async (request, reply) => reply.status(201).send({ data: await staffTests.create(request.body, new Date()) }),
  );

  app.get(
    '/olympiad/admin/tests/:id',
    { preHandler: editors, schema: { tags, summary: 'One test for editing', params: IdParams, response: { 200: DataEnvelope(StaffTestResource) } } },
    async (request) => {
      const found = await staffTests.tests.byId(request.params.id);
      if (!found) throw notFound();
      return { data: await staffTests.resource(found, new Date()) };
    },
  );

  app.put(
    '/olympiad/admin/tests/:id',
    {
      preHandler: editors,
      schema: { tags, summary: 'Change a test (running attempts keep their questions and deadline)', params: IdParams, body: TestBody, response: { 200: DataEnvelope(StaffTestResource) } },
    },
    async (request) => {
      if (!(await staffTests.tests.byId(request.params.id))) throw notFound();
      return { data: await staffTests.update(request.params.id, request.body, new Date()) };
    },
  );

  app.delete(
    '/olympiad/admin/tests/:id',
    { preHandler: editors, schema: { tags, summary: 'Delete a test that nobody has taken', params: IdParams, response: { 200: Deleted } } },
    async (request) => {
      if (!(await staffTests.tests.byId(request.params.id))) throw notFound();
      if ((await staffTests.tests.attemptsCount(request.params.id)) > 0) {
        throw validationFailed({ id: [msg('olympiadTests.errors.testHasAttempts')] });
      }
      await staffTests.tests.remove(request.params.id);
      return { data: { deleted: true } };
    },
  );

  app.get(
    '/olympiad/admin/questions',
    { preHandler: editors, schema: { tags, summary: 'The question bank, filtered and paged', querystring: QuestionsQuery, response: { 200: QuestionsResponse } } },
    async (request) => {
      const { page, per_page: perPage, category, type, test_id: testId, search } = request.query;
      const { rows, total } = await questions.page({ page, perPage, category, type, testId, search });
      return { data: rows, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },
  );

  app.get(
    '/olympiad/admin/questions/categories',
    { preHandler: editors, schema: { tags, summary: 'Categories of the bank with their question counts', response: { 200: DataEnvelope(Type.Array(QuestionCategory)) } } },
    async () => ({ data: await questions.categories() }),
  );

  app.post(
    '/olympiad/admin/questions',
    { preHandler: editors, schema: { tags, summary: 'Add a question of any type to the bank', body: QuestionBody, response: { 201: DataEnvelope(QuestionResource) } } },
    async (request, reply) => {
      const input = await validateShared(questionSchema, request.body);
      const row = await questions.create({
        type: input.type,
        category: input.category,
        name: input.name,
        text: input.text,
        textEn: input.text_en || null,
        content: contentFromInput(input),
        maxPoints: input.max_points,
        createdBy: currentUser(request).id,
      });
      const [data] = await questions.resources([row]);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/olympiad/admin/questions/:id',
    { preHandler: editors, schema: { tags, summary: 'One question with its right answers', params: IdParams, response: { 200: DataEnvelope(QuestionResource) } } },
    async (request) => {
      const row = await questions.byId(request.params.id);
      if (!row) throw notFound();
      const [data] = await questions.resources([row]);
      return { data };
    },
  );

  app.put(
    '/olympiad/admin/questions/:id',
    {
      preHandler: editors,
      schema: { tags, summary: 'Change a question (attempts already started keep the old version)', params: IdParams, body: QuestionBody, response: { 200: DataEnvelope(QuestionResource) } },
    },
    async (request) => {
      const existing = await questions.byId(request.params.id);
      if (!existing) throw notFound();
      const input = await validateShared(questionSchema, request.body);
      const row = await questions.update(existing.id, {
        type: input.type,
        category: input.category,
        name: input.name,
        text: input.text,
        textEn: input.text_en || null,
        content: contentFromInput(input),
        maxPoints: input.max_points,
        source: existing.source,
        createdBy: existing.createdBy,
      });
      const [data] = await questions.resources([row]);
      return { data };
    },
  );

  app.delete(
    '/olympiad/admin/questions/:id',
    { preHandler: editors, schema: { tags, summary: 'Remove a question from the bank and every test', params: IdParams, response: { 200: Deleted } } },
    async (request) => {
      const existing = await questions.byId(request.params.id);
      if (!existing) throw notFound();
      await questions.remove(existing.id, new Date());
      return { data: { deleted: true } };
    },
  );

  app.post(
    '/olympiad/admin/questions/import',
    {
      preHandler: editors,
      // The file travels as text in JSON; a bank with a few hundred questions fits easily.
      bodyLimit: IMPORT_MAX_CHARS * 4 + 64 * 1024,
      schema: {
        tags,
        summary: 'Import a question bank from Moodle XML or GIFT: all good questions or none, with a report of what was skipped and why',
        body: ImportBody,
        response: { 200: DataEnvelope(ImportReport) },
      },
    },
    async (request) => {
      const { content, format, filename, category, test_id: testId, dry_run: dryRun } = request.body;
      if (testId && !(await staffTests.tests.byId(testId))) throw validationFailed({ test_id: [msg('olympiadTests.errors.noSuchTest')] });
      const report = await importQuestions(app.db, {
        content,
        format,
        filename,
        category: (category ?? '').trim().slice(0, 255),
        testId,
        dryRun: dryRun ?? false,
        createdBy: currentUser(request).id,
        lang: request.lang,
      });
      if (!report.imported.length && !report.skipped.length) throw validationFailed({ content: [msg('olympiadTests.import.empty')] });
      return { data: report };
    },
  );
};

export default staffBankRoutes;
