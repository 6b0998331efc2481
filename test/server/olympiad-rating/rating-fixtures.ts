import { randomUUID } from 'node:crypto';
import { seedOlympiad } from '../../../server/db/seed/olympiad-seed';
import {
  creativeContests,
  creativeWorks,
  olympiadAttemptQuestions,
  olympiadAttempts,
  olympiadFinalResults,
  olympiadParticipants,
  olympiadQuestions,
  olympiadStages,
  olympiadTests,
  users,
} from '../../../server/db/schema';
import type { Category, StageKind } from '../../../shared/validation/olympiad-options';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { register } from '../olympiad/olympiad-helpers';

/**
 * A fresh app with the four stages and one test on each (the second stage has
 * its quiz and its essay test), for building results straight in the tables:
 * the rating only reads them, and how they come about has tests of its own.
 */
export interface RatingWorld {
  ctx: TestContext;
  stages: Record<StageKind, number>;
  tests: Record<'training' | 'first' | 'second' | 'essay' | 'training2', number>;
  essayQuestion: number;
}

export async function createWorld(): Promise<RatingWorld> {
  const ctx = await createTestApp();
  const db = ctx.database.db;
  await seedOlympiad(db);
  const rows = await db.select().from(olympiadStages);
  const stages = Object.fromEntries(rows.map((s) => [s.kind, s.id])) as RatingWorld['stages'];
  const test = async (stage: StageKind, title: string, format: 'quiz' | 'essay' = 'quiz') =>
    (await db.insert(olympiadTests).values({ stageId: stages[stage], title, format, published: true }).returning({ id: olympiadTests.id }))[0].id;
  const tests = {
    training: await test('training', 'Training A'),
    training2: await test('training', 'Training B'),
    first: await test('first', 'First'),
    second: await test('second', 'Second'),
    essay: await test('second', 'Second essay', 'essay'),
  };
  const [question] = await db
    .insert(olympiadQuestions)
    .values({ type: 'essay', text: 'Why?', content: {}, maxPoints: 10 })
    .returning({ id: olympiadQuestions.id });
  return { ctx, stages, tests, essayQuestion: question.id };
}

let counter = 0;

/** A participant straight in the tables (with a full name, birth date and e-mail the rating must never show). */
export async function participant(world: RatingWorld, login: string, category: Category = 'middle'): Promise<number> {
  const db = world.ctx.database.db;
  const n = ++counter;
  const [user] = await db.insert(users).values({ email: `rating${n}-${login}@example.com`, name: `Secret Name ${n}` }).returning({ id: users.id });
  await db.insert(olympiadParticipants).values({
    userId: user.id,
    login,
    passwordHash: 'not-a-hash',
    fullName: `Hidden Fullname ${n}`,
    birthDate: '2011-03-04',
    sex: 'female',
    country: 'Россия',
    city: 'Казань',
    school: 'Лицей',
    referralSource: 'school',
    category,
    agreementAcceptedAt: new Date(),
  });
  return user.id;
}

/** A participant who signs in (registered through the API), for `me`. */
export async function signedIn(world: RatingWorld, category: Category = 'middle'): Promise<{ token: string; userId: number; login: string }> {
  const account = await register(world.ctx, { category });
  return { token: account.token, userId: account.userId, login: account.body.login ?? '' };
}

export interface AttemptResult {
  /** Points of the attempt, essays included (as the finish and the grading store them). */
  points: number;
  speed?: number;
  spentSeconds?: number;
  /** When it finished; null leaves the attempt running. */
  finishedAt?: Date | null;
  /** Points staff gave its essay (part of `points`). */
  essay?: number;
}

const hundredths = (value: number) => Math.round(value * 100);
/** Attempt numbers given so far, per participant and test. */
const numbers = new Map<string, number>();

/** An attempt as the finish leaves it: points, speed points and time in the attempt's row, the essay's grade in its question. */
export async function attempt(world: RatingWorld, userId: number, test: keyof RatingWorld['tests'], result: AttemptResult): Promise<number> {
  const db = world.ctx.database.db;
  const spentMs = (result.spentSeconds ?? 600) * 1000;
  const finishedAt = result.finishedAt === undefined ? new Date('2026-10-01T10:00:00Z') : result.finishedAt;
  const startedAt = new Date((finishedAt ?? new Date()).getTime() - spentMs);
  const key = `${userId}:${test}`;
  const number = (numbers.get(key) ?? 0) + 1;
  numbers.set(key, number);
  const [row] = await db
    .insert(olympiadAttempts)
    .values({
      testId: world.tests[test],
      userId,
      number,
      seed: 1,
      startedAt,
      finishedAt,
      finishedBy: finishedAt ? 'participant' : null,
      pointsHundredths: hundredths(result.points),
      speedHundredths: hundredths(result.speed ?? 0),
      timeSpentMs: finishedAt ? spentMs : 0,
    })
    .returning({ id: olympiadAttempts.id });
  if (result.essay !== undefined) {
    await db.insert(olympiadAttemptQuestions).values({
      attemptId: row.id,
      questionId: world.essayQuestion,
      position: 0,
      snapshot: { type: 'essay', text: 'Why?', text_en: null, max_points: 10, content: {} },
      layout: {},
      answer: { text: 'Because.' },
      pointsHundredths: hundredths(result.essay),
      gradedAt: new Date(),
    });
  }
  return row.id;
}

/** The final's points staff entered. */
export async function finalResult(world: RatingWorld, userId: number, points: number): Promise<void> {
  await world.ctx.database.db.insert(olympiadFinalResults).values({ stageId: world.stages.final, userId, pointsHundredths: hundredths(points) });
}

/** A work in a contest (open to the given stages; none: every stage) with staff's score. */
export async function scoredWork(
  world: RatingWorld,
  userId: number,
  score: number | null,
  { status = 'approved', stageKinds = [] }: { status?: 'approved' | 'rejected' | 'moderation'; stageKinds?: StageKind[] } = {},
): Promise<void> {
  const db = world.ctx.database.db;
  const [contest] = await db
    .insert(creativeContests)
    .values({
      titleRu: 'Конкурс',
      titleEn: 'Contest',
      descriptionRu: 'Описание',
      descriptionEn: 'Description',
      startsAt: new Date('2026-09-01T00:00:00Z'),
      endsAt: new Date('2026-12-01T00:00:00Z'),
      stageKinds,
    })
    .returning({ id: creativeContests.id });
  await db.insert(creativeWorks).values({
    participantId: userId,
    contestId: contest.id,
    category: 'middle',
    title: 'A drawing',
    description: 'Of a cat',
    status,
    // A published work carries when it was published (a check of migration 0020).
    publishedAt: status === 'approved' ? new Date() : null,
    fileKind: 'image',
    fileBytes: 1000,
    uploadKey: randomUUID(),
    score,
  });
}
