import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { QUESTION_TYPES, TEST_FORMATS } from '../../../shared/validation/olympiad-tests';
import { olympiadStages } from './olympiad';
import { timestamps } from './shared-columns';
import { users } from './users';

export const olympiadQuestionTypeEnum = pgEnum('olympiad_question_type', QUESTION_TYPES);
export const olympiadTestFormatEnum = pgEnum('olympiad_test_format', TEST_FORMATS);
export const olympiadFinishedByEnum = pgEnum('olympiad_finished_by', ['participant', 'deadline', 'staff']);

/** A text with its optional English translation, as stored inside question bodies. */
export interface StoredText {
  text: string;
  text_en: string | null;
}

/**
 * The type-specific part of a question, with its right answers. Kept as one
 * JSON value: every attempt copies it at the start (see attempt questions).
 */
export interface QuestionContent {
  options?: Array<StoredText & { correct: boolean }>;
  items?: StoredText[];
  pairs?: Array<{ prompt: string; prompt_en: string | null; answer: string; answer_en: string | null }>;
  distractors?: StoredText[];
  accepted?: string[];
  gaps?: number[];
}

/** The question bank: every question belongs to a category; tests draw from it. */
export const olympiadQuestions = pgTable(
  'olympiad_questions',
  {
    id: serial('id').primaryKey(),
    type: olympiadQuestionTypeEnum('type').notNull(),
    category: varchar('category', { length: 255 }).notNull().default(''),
    name: varchar('name', { length: 255 }).notNull().default(''),
    text: text('text').notNull(),
    textEn: text('text_en'),
    content: jsonb('content').$type<QuestionContent>().notNull(),
    maxPoints: integer('max_points').notNull().default(1),
    /** "GIFT, line 12" for imported questions. */
    source: varchar('source', { length: 255 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Deleted questions that attempts still point at stay, hidden from the bank. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('olympiad_questions_category_idx').on(t.category).where(sql`${t.archivedAt} is null`)],
);

/** A test of a stage: its limits, its window (inside the stage's dates) and where its questions come from. */
export const olympiadTests = pgTable(
  'olympiad_tests',
  {
    id: serial('id').primaryKey(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => olympiadStages.id, { onDelete: 'cascade' }),
    format: olympiadTestFormatEnum('format').notNull().default('quiz'),
    title: varchar('title', { length: 200 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en'),
    /** Null: unlimited. */
    attemptsAllowed: integer('attempts_allowed'),
    /** Null: no time limit. */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** Null: every question of the pool; otherwise that many drawn per attempt. */
    questionCount: integer('question_count'),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    published: boolean('published').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('olympiad_tests_stage_idx').on(t.stageId)],
);

/** Questions a test lists explicitly, in the editor's order. */
export const olympiadTestQuestions = pgTable(
  'olympiad_test_questions',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => olympiadTests.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => olympiadQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.questionId] }), index('olympiad_test_questions_question_idx').on(t.questionId)],
);

/**
 * One try at a test. The deadline is the server's; `finished_at` is when it
 * ended (the deadline itself when the server ended it), `closed_at` the moment
 * the server actually closed it (the sweep's lag, for the bench and audits).
 * Result columns are filled at the finish; points are whole hundredths.
 */
export const olympiadAttempts = pgTable(
  'olympiad_attempts',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => olympiadTests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Seeds the shuffles of this attempt. */
    seed: integer('seed').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }),
    /** The test's limit when the attempt started (the speed formula's `limit`). */
    timeLimitSeconds: integer('time_limit_seconds'),
    currentIndex: integer('current_index').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishedBy: olympiadFinishedByEnum('finished_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    correct: integer('correct').notNull().default(0),
    autoTotal: integer('auto_total').notNull().default(0),
    questionCount: integer('question_count').notNull().default(0),
    pointsHundredths: integer('points_hundredths').notNull().default(0),
    maxPointsHundredths: integer('max_points_hundredths').notNull().default(0),
    speedHundredths: integer('speed_hundredths').notNull().default(0),
    timeSpentMs: bigint('time_spent_ms', { mode: 'number' }).notNull().default(0),
    essaysPending: integer('essays_pending').notNull().default(0),
    essaysTotal: integer('essays_total').notNull().default(0),
    /** Essays left empty: scored 0 at the finish, nothing for staff to grade. */
    essaysNotSubmitted: integer('essays_not_submitted').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('olympiad_attempts_number_idx').on(t.testId, t.userId, t.number),
    // At most one running attempt per participant and test, whatever races.
    uniqueIndex('olympiad_attempts_running_idx')
      .on(t.testId, t.userId)
      .where(sql`${t.finishedAt} is null`),
    // The sweep's scan: running attempts by deadline.
    index('olympiad_attempts_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.finishedAt} is null`),
    index('olympiad_attempts_user_idx').on(t.userId, t.startedAt),
  ],
);

/** What the participant was shown: the shuffles of one question in one attempt (indexes into the snapshot's lists). */
export interface QuestionLayout {
  options?: number[];
  items?: number[];
  prompts?: number[];
  /** Matching: distinct answers (pair answers then distractors), as shown. */
  answers?: number[];
}

/** The question as it was when the attempt started: later edits never change a running or finished attempt. */
export interface QuestionSnapshot {
  type: (typeof QUESTION_TYPES)[number];
  text: string;
  text_en: string | null;
  max_points: number;
  content: QuestionContent;
}

/**
 * A question of an attempt with its answer: one row per (attempt, question),
 * so saving an answer is one conditional UPDATE.
 */
export const olympiadAttemptQuestions = pgTable(
  'olympiad_attempt_questions',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => olympiadAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => olympiadQuestions.id),
    position: integer('position').notNull(),
    snapshot: jsonb('snapshot').$type<QuestionSnapshot>().notNull(),
    layout: jsonb('layout').$type<QuestionLayout>().notNull(),
    answer: jsonb('answer'),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    /** Filled at the finish (essays: when graded). */
    correct: boolean('correct'),
    pointsHundredths: integer('points_hundredths'),
    gradeComment: text('grade_comment'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    uniqueIndex('olympiad_attempt_questions_position_idx').on(t.attemptId, t.position),
    index('olympiad_attempt_questions_question_idx').on(t.questionId),
  ],
);

/** Results of the in-person final, entered by staff. */
export const olympiadFinalResults = pgTable(
  'olympiad_final_results',
  {
    stageId: integer('stage_id')
      .notNull()
      .references(() => olympiadStages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pointsHundredths: integer('points_hundredths').notNull(),
    place: integer('place'),
    comment: text('comment').notNull().default(''),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.stageId, t.userId] })],
);

export type OlympiadQuestion = typeof olympiadQuestions.$inferSelect;
export type NewOlympiadQuestion = typeof olympiadQuestions.$inferInsert;
export type OlympiadTest = typeof olympiadTests.$inferSelect;
export type NewOlympiadTest = typeof olympiadTests.$inferInsert;
export type OlympiadAttempt = typeof olympiadAttempts.$inferSelect;
export type OlympiadAttemptQuestion = typeof olympiadAttemptQuestions.$inferSelect;
export type OlympiadFinalResult = typeof olympiadFinalResults.$inferSelect;
