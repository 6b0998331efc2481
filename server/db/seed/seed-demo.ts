import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { seedDemoAccounts } from './demo-accounts';

/** Fills an empty database with the demo data set; a database with users is left alone. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  if (Number(row.value) > 0) return false;
  await seedDemoAccounts(db);
  return true;
}
