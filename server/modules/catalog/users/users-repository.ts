import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, type User } from '../../../db/schema';

/** People as the catalog shows them to anyone: a public page, a card in someone's favorites. */
export function usersRepository(db: Db) {
  return {
    async find(id: number): Promise<User | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** Name and picture of each of these users that still exists. */
    async parties(ids: number[]): Promise<Array<{ id: number; name: string; image: string | null }>> {
      if (!ids.length) return [];
      return db.select({ id: users.id, name: users.name, image: users.image }).from(users).where(inArray(users.id, ids));
    },
  };
}
