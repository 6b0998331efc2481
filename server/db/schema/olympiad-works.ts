import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { CATEGORIES, STAGE_KINDS } from '../../../shared/validation/olympiad-options';
import { WORK_FILE_KINDS, WORK_STATUSES } from '../../../shared/validation/olympiad-works-rules';
import { images } from './images';
import { timestamps } from './shared-columns';
import { users } from './users';

export const workStatusEnum = pgEnum('work_status', WORK_STATUSES);
export const workFileKindEnum = pgEnum('work_file_kind', WORK_FILE_KINDS);

/** A creative contest staff run: its texts in both languages, its dates, who may enter and how many works each. */
export const creativeContests = pgTable('creative_contests', {
  id: serial('id').primaryKey(),
  titleRu: varchar('title_ru', { length: 200 }).notNull(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  descriptionRu: text('description_ru').notNull(),
  descriptionEn: text('description_en').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** Empty: every stage may enter. */
  stageKinds: text('stage_kinds').array().$type<Array<(typeof STAGE_KINDS)[number]>>().notNull().default(sql`'{}'::text[]`),
  /** Empty: every category (junior, middle, senior) may enter. */
  categories: text('categories').array().$type<Array<(typeof CATEGORIES)[number]>>().notNull().default(sql`'{}'::text[]`),
  worksPerParticipant: integer('works_per_participant').notNull().default(3),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * A participant's work. The file lives in storage: an image as an `images` row (re-encoded,
 * metadata stripped, with variants), a PDF under `works/<id>/` with a preview image of its first
 * page as an `images` row. `likes_count` is the exact count of `creative_work_likes` rows, kept
 * in the same transaction as each like.
 */
export const creativeWorks = pgTable(
  'creative_works',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contestId: integer('contest_id')
      .notNull()
      .references(() => creativeContests.id, { onDelete: 'restrict' }),
    /** The participant's category when the work was sent (the gallery filters by it). */
    category: varchar('category', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull(),
    status: workStatusEnum('status').notNull().default('moderation'),
    rejectionReason: text('rejection_reason'),
    fileKind: workFileKindEnum('file_kind').notNull(),
    /** The picture (re-encoded) or the PDF's first-page preview. */
    imageId: text('image_id').references(() => images.id, { onDelete: 'restrict' }),
    /** The stored PDF (sanitized), for `file_kind = 'pdf'`. */
    pdfKey: text('pdf_key'),
    fileBytes: integer('file_bytes').notNull(),
    /** The client's key for one upload: a retried upload returns the first work instead of a second copy. */
    uploadKey: uuid('upload_key').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    /** Points staff give in a scored contest; counts towards the rating. */
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    /** When it last went to moderation: the queue's age and its 24 hours count from here. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A moderator deciding it now; the claim lapses at `claim_expires_at`. */
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('creative_works_upload_key_idx').on(t.participantId, t.uploadKey),
    index('creative_works_participant_idx').on(t.participantId, t.contestId),
    index('creative_works_queue_idx').on(t.submittedAt).where(sql`${t.status} = 'moderation'`),
    check('creative_works_likes_nonnegative', sql`${t.likesCount} >= 0`),
  ],
);

/** Every moderation decision, kept: who, when, what, why. */
export const creativeWorkDecisions = pgTable(
  'creative_work_decisions',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => creativeWorks.id, { onDelete: 'cascade' }),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    decision: workStatusEnum('decision').notNull(),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('creative_work_decisions_work_idx').on(t.workId, t.decidedAt)],
);

/** One like per participant per work. */
export const creativeWorkLikes = pgTable(
  'creative_work_likes',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => creativeWorks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.userId] }), index('creative_work_likes_user_idx').on(t.userId)],
);

export type CreativeContest = typeof creativeContests.$inferSelect;
export type CreativeWork = typeof creativeWorks.$inferSelect;
