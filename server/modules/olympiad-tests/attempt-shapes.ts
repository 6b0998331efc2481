import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { olympiadAttemptQuestions, olympiadAttempts, type QuestionLayout, type QuestionSnapshot } from '../../db/schema';

/** What never changes about an attempt once started: whose it is, its deadline, and each question as shown. */
export interface AttemptShape {
  userId: number;
  deadline: Date | null;
  questions: Map<number, { snapshot: QuestionSnapshot; layout: QuestionLayout }>;
}

/**
 * A per-process memory of attempt shapes, so saving an answer (the hot path
 * of a timed test) checks it without reading the question back first: one
 * conditional UPDATE does the rest. Shapes are immutable, so several API
 * nodes may each keep their own without ever disagreeing.
 */
export function attemptShapes(db: Db, capacity = 20_000) {
  const cache = new Map<number, AttemptShape>();

  function remember(attemptId: number, shape: AttemptShape) {
    cache.delete(attemptId);
    cache.set(attemptId, shape);
    // Map keeps insertion order: the first key is the least recently used.
    while (cache.size > capacity) cache.delete(cache.keys().next().value!);
  }

  return {
    remember,

    async get(attemptId: number): Promise<AttemptShape | null> {
      const known = cache.get(attemptId);
      if (known) {
        remember(attemptId, known);
        return known;
      }
      const rows = await db
        .select({
          userId: olympiadAttempts.userId,
          deadline: olympiadAttempts.deadline,
          questionId: olympiadAttemptQuestions.questionId,
          snapshot: olympiadAttemptQuestions.snapshot,
          layout: olympiadAttemptQuestions.layout,
        })
        .from(olympiadAttempts)
        .innerJoin(olympiadAttemptQuestions, eq(olympiadAttemptQuestions.attemptId, olympiadAttempts.id))
        .where(eq(olympiadAttempts.id, attemptId));
      if (!rows.length) return null;
      const shape: AttemptShape = {
        userId: rows[0].userId,
        deadline: rows[0].deadline,
        questions: new Map(rows.map((r) => [r.questionId, { snapshot: r.snapshot, layout: r.layout }])),
      };
      remember(attemptId, shape);
      return shape;
    },
  };
}
