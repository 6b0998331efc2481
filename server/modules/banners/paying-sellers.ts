import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adSubscriptions } from '../../db/schema';

/**
 * A paying seller (issue 16: banners rotate "between paying sellers") is one with an ad
 * subscription running now: `active` and not past its end. Only they may create banners; a
 * paused, expired or unpaid one does not count. The subscriptions themselves are bought and
 * moved elsewhere (the promotion module); this only reads the table.
 */
export async function isPayingSeller(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: adSubscriptions.id })
    .from(adSubscriptions)
    .where(and(eq(adSubscriptions.userId, userId), eq(adSubscriptions.status, 'active'), gt(adSubscriptions.endsAt, now)))
    .limit(1);
  return rows.length > 0;
}
