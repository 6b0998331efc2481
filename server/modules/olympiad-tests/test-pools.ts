import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { olympiadQuestions, type OlympiadQuestion, type OlympiadTest } from '../../db/schema';
import { testsRepository } from './tests-repository';

/**
 * The questions a test draws from, read at most once per `ttlMs` per test
 * and process: when a whole stage starts at 10:00 sharp, the bank is read
 * once, not two thousand times. An edit by staff reaches new attempts within
 * that time (attempts already started keep their copies anyway).
 */
export function testPools(db: Db, ttlMs = 2000) {
  const tests = testsRepository(db);
  const cache = new Map<number, { at: number; key: string; questions: Promise<OlympiadQuestion[]> }>();

  async function load(test: Pick<OlympiadTest, 'id' | 'categories'>): Promise<OlympiadQuestion[]> {
    const ids = await tests.poolIds(test);
    if (!ids.length) return [];
    const rows = await db.select().from(olympiadQuestions).where(inArray(olympiadQuestions.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is OlympiadQuestion => !!row);
  }

  return {
    questions(test: Pick<OlympiadTest, 'id' | 'categories' | 'updatedAt'>, now = Date.now()): Promise<OlympiadQuestion[]> {
      // A changed test (its categories, its list) is read afresh at once.
      const key = `${test.updatedAt.getTime()}:${test.categories.join('\u0000')}`;
      const known = cache.get(test.id);
      if (known && known.key === key && now - known.at < ttlMs) return known.questions;
      const questions = load(test);
      cache.set(test.id, { at: now, key, questions });
      questions.catch(() => cache.delete(test.id));
      return questions;
    },
  };
}
