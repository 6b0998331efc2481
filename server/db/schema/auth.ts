import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One-time codes; only a hash of the code is kept. Without `userId` a code signs in whoever
 * owns the address; with it, the code proves the address for that account's pending change.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    address: varchar('address', { length: 255 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    /** Wrong tries from clients other than the one that asked for the code (see otp-service.ts). */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_address_created_idx').on(t.address, t.createdAt)],
);

/** Bearer tokens: the token itself is shown once, the table keeps its SHA-256. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 128 }).notNull().unique(),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

export type AuthToken = typeof authTokens.$inferSelect;

/**
 * Failure counters for guessing limits (passwords, codes), one row per key such as
 * `password:u42|ip:10.0.0.1`; a window starts at its first failure and ends after its length.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: varchar('key', { length: 400 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
