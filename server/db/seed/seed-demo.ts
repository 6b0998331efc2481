import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { seedCatalog } from './catalog-seed';
import { seedChats } from './chats-seed';
import { seedDemoAccounts } from './demo-accounts';
import { seedOlympiad } from './olympiad-seed';
import { seedModerationQueue } from './moderation-queue-seed';
import { seedOrders } from './orders-seed';
import { seedSellerWorkspace } from './seller-workspace-seed';
import { seedOlympiadTests } from './olympiad-tests-seed';
import { seedOlympiadWorks } from './olympiad-works-seed';
import { seedSupportAgents } from './support-agents-seed';

/** Fills an empty database with the demo data set; a database with users is left alone. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  if (Number(row.value) > 0) return false;
  await seedDemoAccounts(db);
  await seedSupportAgents(db);
  await seedCatalog(db);
  await seedOrders(db);
  await seedSellerWorkspace(db);
  await seedChats(db);
  await seedOlympiad(db);
  await seedOlympiadTests(db);
  await seedOlympiadWorks(db);
  await seedModerationQueue(db);
  return true;
}
