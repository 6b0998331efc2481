import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { userChannel } from '../../../shared/api/realtime-events';
import { BROADCAST_OPEN_STATUSES } from '../../../shared/api/admin-broadcasts-values';
import type { Db } from '../../db/client';
import { broadcasts, type Broadcast, type Notification } from '../../db/schema';
import { rawRows } from '../catalog/common/raw-rows';
import { toNotificationResource } from '../notifications/notification-resource';
import type { Publisher } from '../realtime/publisher';
import { audienceCondition, countAudience } from './audience';

/** Recipients per transaction: big enough for 100,000 in well under a minute, small enough to keep each commit short. */
export const BROADCAST_BATCH = 2000;

export interface BatchOptions {
  /** Broadcasts due at or before this moment are delivered (tests move it). */
  now?: Date;
  batchSize?: number;
}

export interface BatchResult {
  broadcastId: number;
  /** Recipients who got it in this batch. */
  delivered: number;
  done: boolean;
}

interface StoredRow {
  id: number;
  user_id: number;
  type: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  read_at: Date | string | null;
  created_at: Date | string;
  broadcast_id: number;
}

const toNotification = (row: StoredRow): Notification => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  type: row.type,
  title: row.title,
  body: row.body,
  data: row.data,
  readAt: row.read_at === null ? null : new Date(row.read_at),
  createdAt: new Date(row.created_at),
  broadcastId: Number(row.broadcast_id),
});

/**
 * Delivers one batch of the earliest due broadcast, in one transaction: the row is locked
 * (FOR UPDATE SKIP LOCKED, so another API process takes another broadcast or waits for the
 * next pass, and a cancel waits for the batch), the next users after `cursor` in id order get
 * their notification in their language, and the cursor moves past them, all committed together.
 * A crash before the commit loses the batch whole (it is done again); after it, nothing is
 * redone. The unique index on (broadcast_id, user_id) with ON CONFLICT DO NOTHING guards the
 * rest: even a lost cursor could not give anyone a second copy. Events go out after the commit.
 * Returns null when nothing is due.
 */
export async function deliverNextBatch(db: Db, publisher: Publisher, options: BatchOptions = {}): Promise<BatchResult | null> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? BROADCAST_BATCH;
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(broadcasts)
      .where(and(inArray(broadcasts.status, [...BROADCAST_OPEN_STATUSES]), lte(broadcasts.sendAt, now)))
      .orderBy(asc(broadcasts.sendAt), asc(broadcasts.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!locked) return null;
    let broadcast: Broadcast = locked;
    if (broadcast.status === 'scheduled') {
      const { total } = await countAudience(tx, broadcast.audience);
      [broadcast] = await tx.update(broadcasts).set({ status: 'sending', startedAt: now, total }).where(eq(broadcasts.id, broadcast.id)).returning();
    }
    const audience = audienceCondition(broadcast.audience);
    const [range] = await rawRows<{ last: number | null; covered: number }>(
      tx,
      sql`select max(id)::int as last, count(*)::int as covered
            from (select u.id from users u where ${audience} and u.id > ${broadcast.cursor} order by u.id limit ${batchSize}) batch`,
    );
    const covered = Number(range?.covered ?? 0);
    const rows = covered
      ? await rawRows<StoredRow>(
          tx,
          sql`insert into notifications (user_id, type, title, body, data, broadcast_id)
              select u.id, 'announcement',
                     case when u.locale = 'en' then ${broadcast.titleEn} else ${broadcast.titleRu} end,
                     case when u.locale = 'en' then ${broadcast.bodyEn} else ${broadcast.bodyRu} end,
                     ${JSON.stringify({ broadcast_id: broadcast.id })}::jsonb, ${broadcast.id}
                from users u
               where ${audience} and u.id > ${broadcast.cursor} and u.id <= ${range!.last}
              on conflict (broadcast_id, user_id) where broadcast_id is not null do nothing
              returning id, user_id, type, title, body, data, read_at, created_at, broadcast_id`,
        )
      : [];
    const done = covered < batchSize;
    const delivered = broadcast.delivered + rows.length;
    await tx
      .update(broadcasts)
      .set({
        cursor: covered ? Number(range!.last) : broadcast.cursor,
        delivered,
        // Once over, the count is what was delivered (people blocked or gone meanwhile are not owed one).
        ...(done ? { status: 'done' as const, finishedAt: new Date(), total: delivered } : {}),
      })
      .where(eq(broadcasts.id, broadcast.id));
    return { broadcastId: broadcast.id, rows, done };
  });
  if (!outcome) return null;
  // Live only to those online now; everyone else finds it in /notifications (and their count) when they come.
  publisher.publishMany(
    outcome.rows.map((row) => ({ channel: userChannel(Number(row.user_id)), event: 'NotificationSent' as const, payload: { notification: toNotificationResource(toNotification(row)) } })),
    { onlyOccupied: userChannel(0).replace(/0$/, '') },
  );
  return { broadcastId: outcome.broadcastId, delivered: outcome.rows.length, done: outcome.done };
}
