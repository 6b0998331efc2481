import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { SEXES, STAGE_KINDS } from '../../../shared/validation/olympiad-options';
import { timestamps } from './shared-columns';
import { users } from './users';

export const olympiadSexEnum = pgEnum('olympiad_sex', SEXES);
export const olympiadStageKindEnum = pgEnum('olympiad_stage_kind', STAGE_KINDS);

/**
 * An olympiad participant is a user with this row: the e-mail stays in
 * `users.email` (stored lower-case, so unique regardless of case), the
 * login is unique regardless of case through the index on lower(login).
 */
export const olympiadParticipants = pgTable(
  'olympiad_participants',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    login: varchar('login', { length: 32 }).notNull(),
    /** `scrypt$N$r$p$salt$hash`, see password-hash.ts. */
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    sex: olympiadSexEnum('sex').notNull(),
    country: varchar('country', { length: 100 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    school: varchar('school', { length: 255 }).notNull(),
    socialLink: varchar('social_link', { length: 512 }).notNull().default(''),
    referralSource: varchar('referral_source', { length: 20 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }).notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The address that was verified; a later change of `users.email` makes the participant unverified again. */
    verifiedEmail: varchar('verified_email', { length: 255 }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('olympiad_participants_login_lower_idx').on(sql`lower(${t.login})`)],
);

/** Links in verification letters; only a hash of the token is kept. */
export const olympiadEmailVerifications = pgTable(
  'olympiad_email_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the letter went to: a link verifies only while the account still has it. */
    email: varchar('email', { length: 255 }).notNull(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('olympiad_email_verifications_user_idx').on(t.userId, t.createdAt)],
);

/** Password recovery links: single use, short-lived, stored hashed. */
export const olympiadPasswordResets = pgTable(
  'olympiad_password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 128 }).notNull().unique(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('olympiad_password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** SPEC §9: training, first, second, final, each with its dates and rules; staff may end one early. */
export const olympiadStages = pgTable('olympiad_stages', {
  id: serial('id').primaryKey(),
  kind: olympiadStageKindEnum('kind').notNull().unique(),
  position: integer('position').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** Null: no time limit. */
  timeLimitMinutes: integer('time_limit_minutes'),
  /** Null: unlimited attempts. */
  attemptsAllowed: integer('attempts_allowed'),
  essayMinutes: integer('essay_minutes'),
  essayMaxChars: integer('essay_max_chars'),
  inPerson: boolean('in_person').notNull().default(false),
  ...timestamps,
});

/** The olympiad's pages (home, FAQ, rules, about, stages) in both languages, edited by staff. */
export const olympiadPages = pgTable('olympiad_pages', {
  key: varchar('key', { length: 40 }).primaryKey(),
  titleRu: varchar('title_ru', { length: 200 }).notNull(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  bodyRu: text('body_ru').notNull(),
  bodyEn: text('body_en').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export type OlympiadParticipant = typeof olympiadParticipants.$inferSelect;
export type NewOlympiadParticipant = typeof olympiadParticipants.$inferInsert;
export type OlympiadStage = typeof olympiadStages.$inferSelect;
export type OlympiadPage = typeof olympiadPages.$inferSelect;
