import { and, eq, inArray } from 'drizzle-orm';
import type { FavoriteType } from '../../../../shared/api/catalog-values';
import type { Db } from '../../../db/client';
import { businessSubscriptions, favorites } from '../../../db/schema';

/** Which of `ids` the viewer keeps as favorites (empty for guests). */
export async function favoriteIdsOf(db: Db, viewerId: number | null, type: FavoriteType, ids: number[]): Promise<Set<number>> {
  if (!viewerId || !ids.length) return new Set();
  const rows = await db
    .select({ id: favorites.targetId })
    .from(favorites)
    .where(and(eq(favorites.userId, viewerId), eq(favorites.targetType, type), inArray(favorites.targetId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Which of the businesses the viewer follows. */
export async function subscribedIdsOf(db: Db, viewerId: number | null, businessIds: number[]): Promise<Set<number>> {
  if (!viewerId || !businessIds.length) return new Set();
  const rows = await db
    .select({ id: businessSubscriptions.businessId })
    .from(businessSubscriptions)
    .where(and(eq(businessSubscriptions.userId, viewerId), inArray(businessSubscriptions.businessId, businessIds)));
  return new Set(rows.map((row) => row.id));
}
