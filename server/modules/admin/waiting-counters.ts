import { and, count, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminSectionKey } from '../../../shared/admin/sections';
import type { Db } from '../../db/client';
import { BROADCAST_OPEN_STATUSES } from '../../../shared/api/admin-broadcasts-values';
import { ads, banners, broadcasts, businesses, creativeWorks, products, supportConversations } from '../../db/schema';

/** How many items of one section wait for staff. */
export type WaitingCounter = (db: Db) => Promise<number>;

const rowsWhere = (table: PgTable, where: SQL | undefined): WaitingCounter => async (db) => {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return Number(row?.value ?? 0);
};

/**
 * One counter per counted section (shared/admin/sections.ts); each reads a partial index of its
 * queue. A module that adds a queue adds its counter here.
 */
export const WAITING_COUNTERS: Partial<Record<AdminSectionKey, WaitingCounter>> = {
  // Waiting businesses, ads and products (issue 17 item 3): the moderation queue's partial index.
  businesses: rowsWhere(businesses, inArray(businesses.moderationStatus, ['pending', 'review'])),
  ads: rowsWhere(ads, inArray(ads.moderationStatus, ['pending', 'review'])),
  products: rowsWhere(products, inArray(products.moderationStatus, ['pending', 'review'])),
  banners: rowsWhere(banners, eq(banners.status, 'moderation')),
  works: rowsWhere(creativeWorks, eq(creativeWorks.status, 'moderation')),
  // Broadcasts still to be delivered (scheduled) or being delivered.
  notifications: rowsWhere(broadcasts, inArray(broadcasts.status, [...BROADCAST_OPEN_STATUSES])),
  // Conversations nobody has taken yet, with a customer message in them.
  support: rowsWhere(supportConversations, and(eq(supportConversations.status, 'open'), isNull(supportConversations.assigneeId), isNotNull(supportConversations.lastMessageAt))),
};
