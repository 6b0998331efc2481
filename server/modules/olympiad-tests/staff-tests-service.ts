import type { StaffTestResource, TestBody, TestSummary } from '../../../shared/api/olympiad-tests';
import type { Language } from '../../../shared/i18n/languages';
import { msg } from '../../../shared/validation/message';
import { testSchema } from '../../../shared/validation/olympiad-test-definition';
import type { FieldErrors } from '../../../shared/validation/run-schema';
import type { Db } from '../../db/client';
import type { OlympiadStage, OlympiadTest } from '../../db/schema';
import { validationFailed } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import { stagesRepository } from '../olympiad/stages-repository';
import { localized } from './presentation';
import { questionsRepository } from './questions-repository';
import { availabilityAt, stageDefaults, testWindow } from './test-window';
import { testsRepository, type TestFields, type TestWithStage } from './tests-repository';

const isoOrNull = (date: Date | null) => (date ? iso(date) : null);

/** What a participant sees of a test; `questionCount` is how many questions one attempt has. */
export function toTestSummary({ test, stage }: TestWithStage, poolSize: number, lang: Language, now: Date): TestSummary {
  const window = testWindow(test, stage);
  return {
    id: test.id,
    stage_id: stage.id,
    stage_kind: stage.kind,
    format: test.format,
    title: localized(lang, test.title, test.titleEn),
    description: localized(lang, test.description, test.descriptionEn),
    question_count: Math.min(test.questionCount ?? poolSize, poolSize),
    time_limit_minutes: test.timeLimitMinutes,
    attempts_allowed: test.attemptsAllowed,
    opens_at: isoOrNull(window.opensAt),
    closes_at: isoOrNull(window.closesAt),
    availability: availabilityAt(window, now),
  };
}

/** Staff create and edit tests: limits default to the stage's rules, windows stay inside the stage. */
export function staffTestsService(db: Db) {
  const tests = testsRepository(db);
  const questions = questionsRepository(db);
  const stages = stagesRepository(db);

  async function resource({ test, stage }: { test: OlympiadTest; stage: OlympiadStage }, now: Date): Promise<StaffTestResource> {
    const [listed, pool, attempts] = await Promise.all([tests.listedIds(test.id), tests.poolIds(test), tests.attemptsCount(test.id)]);
    return {
      id: test.id,
      stage_id: stage.id,
      stage_kind: stage.kind,
      format: test.format,
      title: test.title,
      title_en: test.titleEn,
      description: test.description,
      description_en: test.descriptionEn,
      attempts_allowed: test.attemptsAllowed,
      time_limit_minutes: test.timeLimitMinutes,
      question_count: test.questionCount,
      categories: test.categories,
      question_ids: listed,
      pool_size: pool.length,
      opens_at: isoOrNull(test.opensAt),
      closes_at: isoOrNull(test.closesAt),
      published: test.published,
      availability: availabilityAt(testWindow(test, stage), now),
      attempts_count: attempts,
      created_at: iso(test.createdAt),
      updated_at: iso(test.updatedAt),
    };
  }

  /** Checks a body against the shared rules and the stage; returns the columns and the listed questions. */
  async function fieldsFrom(body: TestBody): Promise<{ fields: TestFields; questionIds: number[]; stage: OlympiadStage }> {
    const input = await validateShared(testSchema, body);
    const errors: FieldErrors = {};
    const stage = await stages.byId(input.stage_id);
    if (!stage) throw validationFailed({ stage_id: [msg('olympiadTests.errors.noSuchStage')] });
    if (stage.inPerson) errors.stage_id = [msg('olympiadTests.errors.inPersonStage')];
    const questionIds = [...new Set(input.question_ids)];
    const existing = await questions.existing(questionIds);
    const missing = questionIds.filter((id) => !existing.has(id));
    if (missing.length) errors.question_ids = [msg('olympiadTests.errors.noSuchQuestions', { ids: missing.join(', ') })];
    const opensAt = input.opens_at ? new Date(input.opens_at) : null;
    const closesAt = input.closes_at ? new Date(input.closes_at) : null;
    if (stage.kind !== 'training') {
      if (opensAt && (opensAt < stage.startsAt || opensAt >= stage.endsAt)) errors.opens_at = [msg('olympiadTests.errors.outsideStage')];
      if (closesAt && (closesAt <= stage.startsAt || closesAt > stage.endsAt)) errors.closes_at = [msg('olympiadTests.errors.outsideStage')];
    }
    const defaults = stageDefaults(stage, input.format);
    const categories = [...new Set(input.categories ?? [])];
    const fields: TestFields = {
      stageId: stage.id,
      format: input.format,
      title: input.title,
      titleEn: input.title_en || null,
      description: input.description,
      descriptionEn: input.description_en || null,
      attemptsAllowed: input.attempts_allowed === undefined ? defaults.attemptsAllowed : input.attempts_allowed,
      timeLimitMinutes: input.time_limit_minutes === undefined ? defaults.timeLimitMinutes : input.time_limit_minutes,
      questionCount: input.question_count,
      categories,
      opensAt,
      closesAt,
      published: input.published,
    };
    if (fields.published) {
      const pool = await tests.poolIds({ id: -1, categories });
      const size = new Set([...pool, ...questionIds.filter((id) => existing.has(id))]).size;
      if (size === 0) errors.question_ids = [msg('olympiadTests.errors.emptyPool')];
      else if (input.question_count && input.question_count > size) {
        errors.question_count = [msg('olympiadTests.errors.poolTooSmall', { count: size })];
      }
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
    return { fields, questionIds: questionIds.filter((id) => existing.has(id)), stage };
  }

  return {
    tests,
    resource,

    async list(stageId: number | undefined, now: Date): Promise<StaffTestResource[]> {
      const rows = await tests.list({ stageId, publishedOnly: false });
      return Promise.all(rows.map((row) => resource(row, now)));
    },

    async create(body: TestBody, now: Date): Promise<StaffTestResource> {
      const { fields, questionIds, stage } = await fieldsFrom(body);
      const test = await tests.create(fields, questionIds);
      return resource({ test, stage }, now);
    },

    async update(id: number, body: TestBody, now: Date): Promise<StaffTestResource> {
      const { fields, questionIds, stage } = await fieldsFrom(body);
      const test = await tests.update(id, fields, questionIds);
      return resource({ test, stage }, now);
    },
  };
}
