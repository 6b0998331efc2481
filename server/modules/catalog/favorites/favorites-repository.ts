import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { FavoriteType } from '../../../../shared/api/catalog-values';
import type { Db } from '../../../db/client';
import { publicAd, publicBusiness, publicProduct } from '../common/public-items';
import { rawRows } from '../common/raw-rows';
import { recordActivity } from '../../statistics/activity-recorder';
import { ads, businessSubscriptions, businesses, favorites, products, users } from '../../../db/schema';

/** The counter column each kind of target keeps (users keep none). */
const COUNTERS = {
  product: { table: products, id: products.id, counter: products.favoritesCount },
  ad: { table: ads, id: ads.id, counter: ads.favoritesCount },
  business: { table: businesses, id: businesses.id, counter: businesses.favoritesCount },
} as const;

export function favoritesRepository(db: Db) {
  return {
    /** Whether the target exists and the viewer may see it (published, or their own). */
    async targetVisible(type: FavoriteType, id: number, viewerId: number): Promise<boolean> {
      const rows =
        type === 'product'
          ? await db
              .select({ id: products.id })
              .from(products)
              .innerJoin(businesses, eq(businesses.id, products.businessId))
              .where(and(eq(products.id, id), sql`(${publicProduct} or ${businesses.ownerId} = ${viewerId})`))
          : type === 'ad'
            ? await db.select({ id: ads.id }).from(ads).where(and(eq(ads.id, id), sql`(${publicAd} or ${ads.userId} = ${viewerId})`))
            : type === 'business'
              ? await db.select({ id: businesses.id }).from(businesses).where(and(eq(businesses.id, id), sql`(${publicBusiness} or ${businesses.ownerId} = ${viewerId})`))
              : await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      return rows.length > 0;
    },

    /**
     * Sets the favorite to `wanted` (or flips it when undefined). The unique
     * index decides races: only a row really inserted or deleted moves the counter.
     */
    async set(userId: number, type: FavoriteType, id: number, wanted: boolean | undefined) {
      return db.transaction(async (tx) => {
        const where = and(eq(favorites.userId, userId), eq(favorites.targetType, type), eq(favorites.targetId, id));
        const target = wanted ?? (await tx.select({ id: favorites.id }).from(favorites).where(where)).length === 0;
        const changed = target
          ? await tx.insert(favorites).values({ userId, targetType: type, targetId: id }).onConflictDoNothing().returning({ id: favorites.id })
          : await tx.delete(favorites).where(where).returning({ id: favorites.id });
        let favoritesCount: number | null = null;
        // The seller's statistics count additions only (activity-recorder.ts).
        if (type !== 'user' && target && changed.length) await recordActivity(tx, { kind: type, id, figure: 'favorites', actorId: userId });
        if (type !== 'user') {
          const { table, id: idColumn, counter } = COUNTERS[type];
          const delta = changed.length ? (target ? 1 : -1) : 0;
          const [row] = await tx
            .update(table)
            .set({ favoritesCount: sql`greatest(0, ${counter} + ${delta})` })
            .where(eq(idColumn, id))
            .returning({ value: counter });
          favoritesCount = row?.value ?? 0;
        }
        return { isFavorite: target, favoritesCount };
      });
    },

    async page(userId: number, type: FavoriteType | undefined, page: number, perPage: number) {
      // An item hidden since (moderation, a draft) leaves the list until it is public again; the owner keeps seeing their own.
      const stillVisible = sql`(case ${favorites.targetType}
        when 'product' then exists (select 1 from products fp join businesses fb on fb.id = fp.business_id
          where fp.id = ${favorites.targetId} and ((fp.status = 'published' and fp.moderation_public) or fb.owner_id = ${userId}))
        when 'ad' then exists (select 1 from ads fa where fa.id = ${favorites.targetId} and ((fa.status = 'published' and fa.moderation_public) or fa.user_id = ${userId}))
        when 'business' then exists (select 1 from businesses fb where fb.id = ${favorites.targetId} and (fb.moderation_public or fb.owner_id = ${userId}))
        else true end)`;
      const where = and(eq(favorites.userId, userId), type ? eq(favorites.targetType, type) : undefined, stillVisible);
      const [rows, counts] = await Promise.all([
        db
          .select()
          .from(favorites)
          .where(where)
          .orderBy(desc(favorites.createdAt), desc(favorites.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ type: favorites.targetType, value: count() }).from(favorites).where(and(eq(favorites.userId, userId), stillVisible)).groupBy(favorites.targetType),
      ]);
      const countOf = (t: FavoriteType) => Number(counts.find((c) => c.type === t)?.value ?? 0);
      const byType = { product: countOf('product'), ad: countOf('ad'), business: countOf('business'), user: countOf('user') };
      return { rows, counts: byType, total: type ? byType[type] : Object.values(byType).reduce((a, b) => a + b, 0) };
    },

    /** Follows or unfollows (`wanted`, or flips); the subscriber count moves only on a real change. */
    async subscribe(userId: number, businessId: number, wanted: boolean | undefined) {
      return db.transaction(async (tx) => {
        const where = and(eq(businessSubscriptions.userId, userId), eq(businessSubscriptions.businessId, businessId));
        const target = wanted ?? (await tx.select({ id: businessSubscriptions.businessId }).from(businessSubscriptions).where(where)).length === 0;
        const changed = target
          ? await tx.insert(businessSubscriptions).values({ userId, businessId }).onConflictDoNothing().returning({ id: businessSubscriptions.businessId })
          : await tx.delete(businessSubscriptions).where(where).returning({ id: businessSubscriptions.businessId });
        const delta = changed.length ? (target ? 1 : -1) : 0;
        if (target && changed.length) await recordActivity(tx, { kind: 'business', id: businessId, figure: 'subscriptions', actorId: userId });
        const [row] = await tx
          .update(businesses)
          .set({ subscribersCount: sql`greatest(0, ${businesses.subscribersCount} + ${delta})` })
          .where(eq(businesses.id, businessId))
          .returning({ value: businesses.subscribersCount });
        return { isSubscribed: target, subscribersCount: row?.value ?? 0 };
      });
    },

    /** The businesses a user follows, newest subscription first, with how many products each published since. */
    async subscriptions(userId: number, page: number, perPage: number) {
      // A followed business hidden by moderation since leaves the list until it is public again.
      const where = and(eq(businessSubscriptions.userId, userId), or(publicBusiness, eq(businesses.ownerId, userId)));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            businessId: businessSubscriptions.businessId,
            createdAt: businessSubscriptions.createdAt,
            // Written out with table names: drizzle leaves the columns of a one-table select unqualified,
            // and inside the subquery they would name the products' own columns.
            newProducts: sql<number>`(select count(*) from products np
              where np.business_id = business_subscriptions.business_id and np.status = 'published' and np.moderation_public
                and np.published_at > business_subscriptions.created_at)`,
          })
          .from(businessSubscriptions)
          .innerJoin(businesses, eq(businesses.id, businessSubscriptions.businessId))
          .where(where)
          .orderBy(desc(businessSubscriptions.createdAt), desc(businessSubscriptions.businessId))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ value: count() }).from(businessSubscriptions).innerJoin(businesses, eq(businesses.id, businessSubscriptions.businessId)).where(where),
      ]);
      return { rows, total: Number(total.value) };
    },

    /** Up to `limit` newest published product ids of each business. */
    async latestProductIds(businessIds: number[], limit: number): Promise<Map<number, number[]>> {
      if (!businessIds.length) return new Map();
      const rows = await rawRows<{ business_id: number; id: number }>(db, sql`
        select b.id as business_id, p.id
        from unnest(${sql.raw(`array[${businessIds.map(Number).join(',')}]::int[]`)}) as b(id)
        cross join lateral (
          select id from ${products}
          where business_id = b.id and status = 'published' and moderation_public
          order by published_at desc nulls last, id desc
          limit ${limit}
        ) p`);
      const map = new Map<number, number[]>();
      for (const row of rows) {
        const list = map.get(Number(row.business_id)) ?? [];
        list.push(Number(row.id));
        map.set(Number(row.business_id), list);
      }
      return map;
    },
  };
}
