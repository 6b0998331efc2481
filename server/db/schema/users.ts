import { pgEnum, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/roles';
import { timestamps } from './shared-columns';

export const roleEnum = pgEnum('user_role', ROLES);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  // Either may be null: a marketplace account is created by whichever address signed in first.
  email: varchar('email', { length: 255 }).unique(),
  phone: varchar('phone', { length: 32 }).unique(),
  name: varchar('name', { length: 255 }).notNull().default(''),
  about: text('about').notNull().default(''),
  image: text('image'),
  role: roleEnum('role').notNull().default('user'),
  locale: varchar('locale', { length: 8 }).notNull().default('ru'),
  ...timestamps,
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
