import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';

/** What a profile save writes: proven addresses may only be kept or removed here, new ones wait as pending. */
export type ProfileChanges = Pick<User, 'name' | 'about' | 'email' | 'phone' | 'pendingEmail' | 'pendingPhone'>;

export function profileRepository(db: Db) {
  return {
    async update(userId: number, changes: ProfileChanges): Promise<User> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
      return row;
    },
    async setLocale(userId: number, locale: string): Promise<User> {
      const [row] = await db.update(users).set({ locale }).where(eq(users.id, userId)).returning();
      return row;
    },
  };
}
