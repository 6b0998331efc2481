import { namedStatement, type Db } from '../../db/client';

/** What one like or take-back did: null when there is no such published work. */
export interface LikeOutcome {
  participant_id: number;
  /** Rows actually inserted or deleted (0 or 1): the counter moved by exactly this. */
  changed: number;
  likes_count: number;
}

/** `set_config(…, true)` lasts until the statement's own transaction commits, and that commit is what it relaxes. */
const RELAXED = `relaxed as materialized (select set_config('synchronous_commit', 'off', true))`;

/**
 * Likes, counted exactly: the like row and the work's `likes_count` change in ONE statement (data-
 * modifying CTEs), and the counter moves by the number of rows the insert or delete really touched.
 * A second like hits the primary key and inserts nothing (`on conflict do nothing` waits for a
 * concurrent insert of the same pair and then does nothing), so the counter does not move; two
 * take-backs of one like delete one row between them. The counter is a relative update of the row,
 * which PostgreSQL re-reads after a concurrent update instead of losing it, so under any number of
 * concurrent clicks `likes_count` equals count(*) of the like rows.
 *
 * A like commits without waiting for its WAL flush (`synchronous_commit` off for its own transaction
 * only): a crash may forget the last fraction of a second of likes, the row and the count together
 * (they are one transaction), never one without the other; in exchange a like holds a pool
 * connection for its statement, not for a disk flush, and the gallery's reads do not queue behind
 * a stream of likes. Orders, payments and answers keep durable commits.
 */
export function likesRepository(db: Db) {
  const like = namedStatement<LikeOutcome>(
    db,
    'gallery_like',
    `with ${RELAXED}, target as (
       select id, participant_id, likes_count from creative_works where id = $1 and status = 'approved' and exists (select 1 from relaxed)
     ), added as (
       insert into creative_work_likes (work_id, user_id)
       select id, $2 from target where participant_id <> $2
       on conflict do nothing
       returning work_id
     ), counted as (
       update creative_works set likes_count = likes_count + (select count(*)::int4 from added)
        where id = $1 and exists (select 1 from added)
       returning likes_count
     )
     select t.participant_id, (select count(*)::int4 from added) as changed,
            coalesce((select likes_count from counted), t.likes_count) as likes_count
       from target t`,
  );
  const unlike = namedStatement<LikeOutcome>(
    db,
    'gallery_unlike',
    `with ${RELAXED}, target as (
       select id, participant_id, likes_count from creative_works where id = $1 and status = 'approved' and exists (select 1 from relaxed)
     ), removed as (
       delete from creative_work_likes where work_id in (select id from target) and user_id = $2
       returning work_id
     ), counted as (
       update creative_works set likes_count = likes_count - (select count(*)::int4 from removed)
        where id = $1 and exists (select 1 from removed)
       returning likes_count
     )
     select t.participant_id, (select count(*)::int4 from removed) as changed,
            coalesce((select likes_count from counted), t.likes_count) as likes_count
       from target t`,
  );

  return {
    /** Likes a published work (not one's own: nothing is inserted then, and the caller refuses it). */
    async like(workId: number, userId: number): Promise<LikeOutcome | null> {
      const [row] = await like([workId, userId]);
      return row ?? null;
    },

    async unlike(workId: number, userId: number): Promise<LikeOutcome | null> {
      const [row] = await unlike([workId, userId]);
      return row ?? null;
    },
  };
}
