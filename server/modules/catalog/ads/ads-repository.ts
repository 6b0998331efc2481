import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AdListQuery } from '../../../../shared/api/catalog-ads';
import type { Db } from '../../../db/client';
import { catalogChanged } from '../common/catalog-changes';
import { publicAd } from '../common/public-items';
import { RAISED_SORTS, raisedFirstPage, raisedNow } from '../common/promoted-first';
import { adCategories, ads, favorites, type Ad, type NewAd } from '../../../db/schema';

type AdSort = NonNullable<AdListQuery['sort']>;
const ORDER: Record<AdSort, SQL[]> = {
  // `nulls last` as in the index, so the index returns rows in order.
  newest: [sql`${ads.publishedAt} desc nulls last`, sql`${ads.id} desc nulls last`],
  price_asc: [sql`${ads.price} asc nulls last`, asc(ads.id)],
  price_desc: [sql`${ads.price} desc nulls last`, desc(ads.id)],
  popular: [desc(ads.favoritesCount), desc(ads.id)],
};

export function adsRepository(db: Db) {
  return {
    /**
     * A page of ad ids: published ones, or (when `authorId` is the viewer)
     * every state of that author's ads, narrowed by `status`.
     */
    async page(query: AdListQuery, scope: { authorId?: number; includeUnpublished?: boolean }) {
      const where: SQL[] = [];
      if (scope.authorId !== undefined) where.push(eq(ads.userId, scope.authorId));
      if (!scope.includeUnpublished) where.push(publicAd);
      else if (query.status) where.push(eq(ads.status, query.status));
      if (query.category_id) where.push(eq(ads.categoryId, query.category_id));
      if (query.price_min !== undefined) where.push(gte(ads.price, query.price_min));
      if (query.price_max !== undefined) where.push(lte(ads.price, query.price_max));
      const condition = and(...where);
      const sort = query.sort ?? 'newest';
      const offset = (query.page - 1) * query.per_page;
      const idsOf = (where: SQL | undefined, order: SQL[], from: number, limit: number) =>
        db.select({ id: ads.id }).from(ads).where(where).orderBy(...order).limit(limit).offset(from).then((rows) => rows.map((row) => row.id));
      // Published lists show raised ads first (promoted-first.ts); an author's list of every state keeps its order.
      const raised = raisedNow(ads.promotedUntil, ads.promotionPerks);
      const page =
        !scope.includeUnpublished && RAISED_SORTS.has(sort)
          ? raisedFirstPage(idsOf, { condition, raised, boost: ads.promotionBoost, order: ORDER[sort], offset, limit: query.per_page })
          : idsOf(condition, ORDER[sort], offset, query.per_page);
      const [ids, [total]] = await Promise.all([page, db.select({ value: count() }).from(ads).where(condition)]);
      return { ids, total: Number(total.value) };
    },

    async find(id: number): Promise<Ad | null> {
      const [row] = await db.select().from(ads).where(eq(ads.id, id)).limit(1);
      return row ?? null;
    },

    async categoryExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: adCategories.id }).from(adCategories).where(eq(adCategories.id, id)).limit(1);
      return Boolean(row);
    },

    async categories() {
      return db
        .select({ category: adCategories, adsCount: sql<number>`count(${ads.id}) filter (where ${publicAd})` })
        .from(adCategories)
        .leftJoin(ads, eq(ads.categoryId, adCategories.id))
        .groupBy(adCategories.id)
        .orderBy(asc(adCategories.position), asc(adCategories.id));
    },

    async create(values: NewAd): Promise<Ad> {
      const [row] = await db.insert(ads).values(values).returning();
      catalogChanged(db);
      return row;
    },

    async update(id: number, values: Partial<NewAd>): Promise<Ad> {
      const [row] = await db.update(ads).set(values).where(eq(ads.id, id)).returning();
      catalogChanged(db);
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(favorites).where(and(eq(favorites.targetType, 'ad'), eq(favorites.targetId, id)));
        await tx.delete(ads).where(eq(ads.id, id));
      });
      catalogChanged(db);
    },
  };
}
