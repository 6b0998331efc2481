import { integer, pgEnum, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/roles';
import { timestamps } from './shared-columns';

export const roleEnum = pgEnum('user_role', ROLES);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  // Proven addresses only (a code or link sent to them came back). Either may be null: a
  // marketplace account is created by whichever address signed in first.
  email: varchar('email', { length: 255 }).unique(),
  phone: varchar('phone', { length: 32 }).unique(),
  /**
   * An address the owner asked for and has not proven yet (a code or link was sent to it).
   * Never used to sign in, never given codes or recovery links, shown only to the owner;
   * several accounts may wait for the same address, the first to prove it gets it.
   */
  pendingEmail: varchar('pending_email', { length: 255 }),
  pendingPhone: varchar('pending_phone', { length: 32 }),
  name: varchar('name', { length: 255 }).notNull().default(''),
  about: text('about').notNull().default(''),
  image: text('image'),
  role: roleEnum('role').notNull().default('user'),
  locale: varchar('locale', { length: 8 }).notNull().default('ru'),
  /**
   * Set by staff (issue 17): a blocked account's tokens are revoked at once, its realtime
   * connection is closed, and signing in is refused with the reason. Null when not blocked.
   */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  blockedReason: text('blocked_reason'),
  blockedBy: integer('blocked_by'),
  ...timestamps,
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
