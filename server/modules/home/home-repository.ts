import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The figures the public home page shows. */
export function homeRepository(db: Db) {
  return {
    async userCount(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(users);
      return Number(row.value);
    },
  };
}
