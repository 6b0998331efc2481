import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { QuestionCategory, QuestionResource } from '../../../shared/api/olympiad-test-bank';
import type { QuestionType } from '../../../shared/validation/olympiad-tests';
import type { Db } from '../../db/client';
import { olympiadAttemptQuestions, olympiadQuestions, olympiadTestQuestions, type NewOlympiadQuestion, type OlympiadQuestion } from '../../db/schema';
import { iso } from '../../lib/serialize';
import { contentFields } from './question-content';

export type QuestionFields = Omit<NewOlympiadQuestion, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;

export interface QuestionFilter {
  category?: string;
  type?: QuestionType;
  testId?: number;
  search?: string;
  page: number;
  perPage: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toQuestionResource(question: OlympiadQuestion, testIds: number[], attemptsCount: number): QuestionResource {
  return {
    id: question.id,
    type: question.type,
    category: question.category,
    name: question.name,
    text: question.text,
    text_en: question.textEn,
    max_points: question.maxPoints,
    ...contentFields(question.type, question.content),
    source: question.source,
    test_ids: testIds,
    attempts_count: attemptsCount,
    created_at: iso(question.createdAt),
    updated_at: iso(question.updatedAt),
  };
}

/** The question bank staff edit. Deleting keeps questions that attempts used (archived), so results stay explainable. */
export function questionsRepository(db: Db) {
  async function usage(ids: number[]) {
    if (!ids.length) return { tests: new Map<number, number[]>(), attempts: new Map<number, number>() };
    const [links, used] = await Promise.all([
      db
        .select({ questionId: olympiadTestQuestions.questionId, testId: olympiadTestQuestions.testId })
        .from(olympiadTestQuestions)
        .where(inArray(olympiadTestQuestions.questionId, ids))
        .orderBy(asc(olympiadTestQuestions.testId)),
      db
        .select({ questionId: olympiadAttemptQuestions.questionId, value: count() })
        .from(olympiadAttemptQuestions)
        .where(inArray(olympiadAttemptQuestions.questionId, ids))
        .groupBy(olympiadAttemptQuestions.questionId),
    ]);
    const tests = new Map<number, number[]>();
    for (const link of links) tests.set(link.questionId, [...(tests.get(link.questionId) ?? []), link.testId]);
    return { tests, attempts: new Map(used.map((u) => [u.questionId, Number(u.value)])) };
  }

  async function resources(rows: OlympiadQuestion[]): Promise<QuestionResource[]> {
    const { tests, attempts } = await usage(rows.map((r) => r.id));
    return rows.map((row) => toQuestionResource(row, tests.get(row.id) ?? [], attempts.get(row.id) ?? 0));
  }

  return {
    resources,

    async page(filter: QuestionFilter): Promise<{ rows: QuestionResource[]; total: number }> {
      const conditions: Array<SQL | undefined> = [isNull(olympiadQuestions.archivedAt)];
      if (filter.category !== undefined) conditions.push(eq(olympiadQuestions.category, filter.category));
      if (filter.type) conditions.push(eq(olympiadQuestions.type, filter.type));
      if (filter.testId) {
        conditions.push(
          sql`${olympiadQuestions.id} in (select question_id from olympiad_test_questions where test_id = ${filter.testId})`,
        );
      }
      if (filter.search?.trim()) {
        const like = `%${escapeLike(filter.search.trim())}%`;
        conditions.push(or(ilike(olympiadQuestions.text, like), ilike(olympiadQuestions.name, like)));
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(olympiadQuestions)
          .where(where)
          .orderBy(asc(olympiadQuestions.category), desc(olympiadQuestions.id))
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage),
        db.select({ value: count() }).from(olympiadQuestions).where(where),
      ]);
      return { rows: await resources(rows), total: Number(total.value) };
    },

    async categories(): Promise<QuestionCategory[]> {
      const rows = await db
        .select({ name: olympiadQuestions.category, value: count() })
        .from(olympiadQuestions)
        .where(isNull(olympiadQuestions.archivedAt))
        .groupBy(olympiadQuestions.category)
        .orderBy(asc(olympiadQuestions.category));
      return rows.map((r) => ({ name: r.name, count: Number(r.value) }));
    },

    async byId(id: number): Promise<OlympiadQuestion | null> {
      const [row] = await db
        .select()
        .from(olympiadQuestions)
        .where(and(eq(olympiadQuestions.id, id), isNull(olympiadQuestions.archivedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Which of these ids are live questions of the bank. */
    async existing(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: olympiadQuestions.id })
        .from(olympiadQuestions)
        .where(and(inArray(olympiadQuestions.id, ids), isNull(olympiadQuestions.archivedAt)));
      return new Set(rows.map((r) => r.id));
    },

    async create(fields: QuestionFields): Promise<OlympiadQuestion> {
      const [row] = await db.insert(olympiadQuestions).values(fields).returning();
      return row;
    },

    async update(id: number, fields: QuestionFields): Promise<OlympiadQuestion> {
      const [row] = await db.update(olympiadQuestions).set(fields).where(eq(olympiadQuestions.id, id)).returning();
      return row;
    },

    /** Gone from the bank and from every test's list; archived rather than deleted when an attempt used it. */
    async remove(id: number, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(olympiadTestQuestions).where(eq(olympiadTestQuestions.questionId, id));
        const [used] = await tx.select({ value: count() }).from(olympiadAttemptQuestions).where(eq(olympiadAttemptQuestions.questionId, id));
        if (Number(used.value) > 0) await tx.update(olympiadQuestions).set({ archivedAt: now }).where(eq(olympiadQuestions.id, id));
        else await tx.delete(olympiadQuestions).where(eq(olympiadQuestions.id, id));
      });
    },
  };
}

export type QuestionsRepository = ReturnType<typeof questionsRepository>;
