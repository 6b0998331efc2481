import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { catalogGeneration } from '../../common/catalog-changes';
import { rawRows, repeatedRows } from '../../common/raw-rows';
import { ProductIndex } from './product-index';
import type { ProductDocument } from './product-slots';

/** Products read per statement while loading: a batch parses in tens of milliseconds, so the API keeps answering. */
const LOAD_BATCH = 10_000;
/** How long the ids of deleted products are kept for processes that have not caught up yet. */
const REMOVALS_KEPT = sql.raw(`interval '1 day'`);
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * How long a look for changes answers for the searches after it while the catalogue's counter has not moved
 * (catalog-changes.ts: every catalogue write here, and through notices every one elsewhere, moves it). A look per
 * search was a round trip that, at 200 searches a second, waited for a connection and for the event loop: the
 * slowest searches spent 50–110 ms on it alone. Rows changed without a catalogue notice (a favourites count, a
 * write past the API) still come in within this long.
 */
export const LOOK_STANDS_MS = 1_000;

interface ProductRow {
  id: number;
  xid: string | null;
  visible: boolean;
  document: string;
  search_name: string;
  name_length: number;
  type: ProductDocument['type'];
  category_id: number | null;
  price: string | number | null;
  discount: number;
  rating_sum: number;
  rating_count: number;
  created: number | string;
  popularity: number | string;
  promoted_until: number | string | null;
  raise: boolean;
  boost: number;
}

/** The columns the index keeps, the same expressions as the search statement's (search-repository.ts). */
const COLUMNS = sql`p.id, p.search_xid::text as xid, (p.status = 'published' and p.moderation_public) as visible,
  p.search_vector::text as document, p.search_name, char_length(p.name) as name_length, p.kind::text as type, pb.category_id,
  p.final_price as price, p.discount_percent as discount, p.rating_sum, p.rating_count,
  (extract(epoch from coalesce(p.published_at, p.created_at)) * 1000000)::float8 as created,
  p.orders_count * 10 + p.favorites_count as popularity, (extract(epoch from p.promoted_until) * 1000)::float8 as promoted_until,
  coalesce(p.promotion_perks @> array['raise']::text[], false) as raise, p.promotion_boost as boost`;

function documentOf(row: ProductRow): ProductDocument {
  return {
    id: Number(row.id),
    xid: row.xid === null ? 0 : Number(row.xid),
    visible: row.visible,
    document: row.document,
    searchName: row.search_name,
    nameLength: Number(row.name_length),
    type: row.type,
    categoryId: row.category_id === null ? null : Number(row.category_id),
    price: row.price === null ? null : Number(row.price),
    discount: Number(row.discount),
    ratingSum: Number(row.rating_sum),
    ratingCount: Number(row.rating_count),
    created: Number(row.created),
    popularity: Number(row.popularity),
    promotedUntil: row.promoted_until === null ? null : Number(row.promoted_until),
    raise: row.raise,
    boost: Number(row.boost),
  };
}

/** The oldest transaction still running: every change this reader has not seen yet is stamped at or after it. */
const HORIZON = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/**
 * Keeps one process's ProductIndex in step with the database. `load` reads every visible product once; then
 * before each search `fresh` reads what changed since (migration 0033: rows stamped with their transaction,
 * deleted ids left behind), from the oldest transaction that was still running at the last look, so a
 * transaction that commits late is read all the same. A search waits for a look that began after it came,
 * unless the last look began less than LOOK_STANDS_MS ago and the catalogue's counter has not moved since: so a
 * search sees at once every catalogue write of this process, and one of another process once its notice is
 * heard (as the kept search results do).
 */
export class ProductIndexFeed {
  readonly index = new ProductIndex();
  private horizon: string | null = null;
  private loading: Promise<void> | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private prunedAt = 0;
  /** The catalogue's counter and the time when the last look that succeeded began. */
  private looked = { generation: -1, at: -Infinity };
  /** Looks made so far (each a round trip to the database). */
  looks = 0;

  constructor(private readonly db: Db) {}

  get ready(): boolean {
    return this.horizon !== null;
  }

  /** Reads every visible product in batches (once; later calls share it, and a failed load is tried again by the next call). */
  load(): Promise<void> {
    this.loading ??= this.loadAll().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /**
   * Resolves once the index holds every catalogue change of this process made before this call, and every one of
   * another process whose notice has been heard: at once when the last look stands for it (LOOK_STANDS_MS).
   */
  fresh(): Promise<void> {
    // Before the load's own look nothing stands (`looked` is unset), so `look` says the index is still loading.
    if (catalogGeneration(this.db) === this.looked.generation && performance.now() - this.looked.at < LOOK_STANDS_MS) return Promise.resolve();
    return this.look();
  }

  /** Resolves once the index holds every change committed before this call, notice or none (a look that begins after it). */
  look(): Promise<void> {
    if (!this.ready) throw new Error('the product index is still loading');
    // One look at a time: callers arriving during a look share the next one, which begins after theirs came.
    if (!this.queued) {
      const after = this.running ?? Promise.resolve();
      this.queued = after.then(() => {
        this.queued = null;
        this.running = this.catchUp().finally(() => {
          this.running = null;
        });
        return this.running;
      });
    }
    return this.queued;
  }

  private async loadAll(): Promise<void> {
    const [{ horizon }] = await rawRows<{ horizon: string }>(this.db, sql`select ${HORIZON} as horizon`);
    let after = 0;
    for (;;) {
      const rows = await rawRows<ProductRow>(
        this.db,
        sql`select ${COLUMNS} from products p join businesses pb on pb.id = p.business_id
            where p.id > ${after} and p.status = 'published' and p.moderation_public order by p.id limit ${LOAD_BATCH}`,
      );
      for (const row of rows) this.index.apply(documentOf(row));
      if (rows.length < LOAD_BATCH) break;
      after = Number(rows[rows.length - 1].id);
    }
    this.index.trim();
    this.horizon = horizon;
    // What changed while loading is read like any later change.
    await this.look();
  }

  /**
   * One statement for what most looks need: the horizon, the ids deleted and the first page of rows stamped
   * since the last look (all from one snapshot); further pages only after a large change.
   */
  private async catchUp(): Promise<void> {
    const since = this.horizon as string;
    // Taken before the look: a change made while it runs moves the counter past this, and the next search looks again.
    const begun = { generation: catalogGeneration(this.db), at: performance.now() };
    this.looks++;
    const [look, ...more] = await repeatedRows<Partial<ProductRow> & { horizon: string; removed: number[] }>(
      this.db,
      sql`select m.horizon, m.removed, c.* from (select ${HORIZON} as horizon,
            array(select r.product_id from product_removals r where r.xid >= ${since}::xid8) as removed) m
          left join lateral (${pageOf(sql`p.search_xid >= ${since}::xid8`)}) c on true`,
    );
    // No row changed: the left join gives the look's one row, its columns null.
    const changed: ProductRow[] = [look, ...more].filter((row): row is ProductRow & typeof look => row.id != null);
    for (let page = changed; page.length === LOAD_BATCH; ) {
      const last = page[page.length - 1];
      page = await rawRows<ProductRow>(this.db, pageOf(sql`(p.search_xid, p.id) > (${last.xid}::xid8, ${Number(last.id)})`));
      changed.push(...page);
    }
    for (const id of look.removed) this.index.remove(Number(id));
    for (const row of changed) this.index.apply(documentOf(row));
    this.index.tidy();
    this.horizon = look.horizon;
    this.looked = begun;
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.db.execute(sql`delete from product_removals where removed_at < now() - ${REMOVALS_KEPT}`);
    }
  }
}

/**
 * A page of the rows stamped within `condition`, in (stamp, id) order: ordered and limited, so the planner
 * walks the stamp index even before the table has statistics for the column.
 */
const pageOf = (condition: SQL) =>
  sql`select ${COLUMNS} from products p join businesses pb on pb.id = p.business_id where ${condition} order by p.search_xid, p.id limit ${LOAD_BATCH}`;

const feeds = new WeakMap<Db, ProductIndexFeed>();

/** The feed of a database's products (one per open database in this process). */
export function productIndexFeed(db: Db): ProductIndexFeed {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = new ProductIndexFeed(db)));
  return feed;
}
