import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  olympiadAttempts,
  olympiadQuestions,
  olympiadStages,
  olympiadTestQuestions,
  olympiadTests,
  type NewOlympiadTest,
  type OlympiadStage,
  type OlympiadTest,
} from '../../db/schema';

export interface TestWithStage {
  test: OlympiadTest;
  stage: OlympiadStage;
}

export type TestFields = Omit<NewOlympiadTest, 'id' | 'createdAt' | 'updatedAt'>;

export function testsRepository(db: Db) {
  const withStage = () => db.select({ test: olympiadTests, stage: olympiadStages }).from(olympiadTests).innerJoin(olympiadStages, eq(olympiadStages.id, olympiadTests.stageId));

  return {
    async byId(id: number): Promise<TestWithStage | null> {
      const [row] = await withStage().where(eq(olympiadTests.id, id)).limit(1);
      return row ?? null;
    },

    list(filter: { stageId?: number; publishedOnly: boolean }): Promise<TestWithStage[]> {
      const conditions = [
        filter.stageId ? eq(olympiadTests.stageId, filter.stageId) : undefined,
        filter.publishedOnly ? eq(olympiadTests.published, true) : undefined,
      ].filter(Boolean);
      return withStage()
        .where(and(...conditions))
        .orderBy(asc(olympiadStages.position), asc(olympiadTests.id));
    },

    /** Questions listed explicitly, in the editor's order (deleted ones left out). */
    async listedIds(testId: number): Promise<number[]> {
      const rows = await db
        .select({ id: olympiadTestQuestions.questionId })
        .from(olympiadTestQuestions)
        .innerJoin(olympiadQuestions, eq(olympiadQuestions.id, olympiadTestQuestions.questionId))
        .where(and(eq(olympiadTestQuestions.testId, testId), isNull(olympiadQuestions.archivedAt)))
        .orderBy(asc(olympiadTestQuestions.position));
      return rows.map((r) => r.id);
    },

    /** Every question an attempt may be drawn from: the listed ones, then the categories' (each once). */
    async poolIds(test: Pick<OlympiadTest, 'id' | 'categories'>): Promise<number[]> {
      const categories = test.categories.length
        ? sql`union all
          select q.id, 2147483647 as ord from olympiad_questions q
           where q.archived_at is null and q.category in (${sql.join(
             test.categories.map((c) => sql`${c}`),
             sql`, `,
           )})`
        : sql``;
      const result = (await db.execute(sql`
        select id from (
          select q.id, tq.position as ord from olympiad_test_questions tq
            join olympiad_questions q on q.id = tq.question_id
           where tq.test_id = ${test.id} and q.archived_at is null
          ${categories}
        ) pool group by id order by min(ord), id`)) as unknown as { rows: Array<{ id: number }> };
      return result.rows.map((r) => Number(r.id));
    },

    async create(fields: TestFields, questionIds: number[]): Promise<OlympiadTest> {
      return db.transaction(async (tx) => {
        const [test] = await tx.insert(olympiadTests).values(fields).returning();
        if (questionIds.length) {
          await tx.insert(olympiadTestQuestions).values(questionIds.map((questionId, position) => ({ testId: test.id, questionId, position })));
        }
        return test;
      });
    },

    async update(id: number, fields: TestFields, questionIds: number[]): Promise<OlympiadTest> {
      return db.transaction(async (tx) => {
        const [test] = await tx.update(olympiadTests).set(fields).where(eq(olympiadTests.id, id)).returning();
        await tx.delete(olympiadTestQuestions).where(eq(olympiadTestQuestions.testId, id));
        if (questionIds.length) {
          await tx.insert(olympiadTestQuestions).values(questionIds.map((questionId, position) => ({ testId: id, questionId, position })));
        }
        return test;
      });
    },

    /** Adds questions at the end of a test's list (the import's "into this test"). */
    async appendQuestions(executor: Pick<Db, 'execute'>, testId: number, questionIds: number[]): Promise<void> {
      if (!questionIds.length) return;
      const rows = questionIds.map((id, i) => sql`(${testId}::int, ${id}::int, ${i}::int)`);
      await executor.execute(sql`
        insert into olympiad_test_questions (test_id, question_id, position)
        select v.test_id, v.question_id, v.i + coalesce((select max(position) + 1 from olympiad_test_questions where test_id = ${testId}), 0)
          from (values ${sql.join(rows, sql`, `)}) as v(test_id, question_id, i)
        on conflict do nothing`);
    },

    async remove(id: number): Promise<void> {
      await db.delete(olympiadTests).where(eq(olympiadTests.id, id));
    },

    async attemptsCount(testId: number): Promise<number> {
      const [row] = await db.select({ value: count() }).from(olympiadAttempts).where(eq(olympiadAttempts.testId, testId));
      return Number(row.value);
    },
  };
}

export type TestsRepository = ReturnType<typeof testsRepository>;
