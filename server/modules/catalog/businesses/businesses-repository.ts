import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BusinessListQuery, BusinessSort } from '../../../../shared/api/catalog-businesses';
import type { BusinessKind } from '../../../../shared/api/catalog-values';
import type { Db } from '../../../db/client';
import { catalogChanged } from '../common/catalog-changes';
import { publicBusiness } from '../common/public-items';
import { businessCategories, businesses, favorites, products, type Business, type NewBusiness } from '../../../db/schema';

const ORDER: Record<BusinessSort, SQL[]> = {
  // `nulls last` as in the index, so the index returns rows in order.
  popular: [sql`${businesses.ordersCount} desc nulls last`, sql`${businesses.subscribersCount} desc nulls last`, sql`${businesses.id} desc nulls last`],
  rating: [sql`${businesses.ratingSum}::float8 / nullif(${businesses.ratingCount}, 0) desc nulls last`, desc(businesses.ratingCount), desc(businesses.id)],
  newest: [desc(businesses.createdAt), desc(businesses.id)],
  name: [asc(businesses.name), asc(businesses.id)],
};

/** `%` and `_` typed by a user are letters, not wildcards. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function businessesRepository(db: Db) {
  async function pageOf(where: SQL | undefined, order: SQL[], page: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      db.select({ id: businesses.id }).from(businesses).where(where).orderBy(...order).limit(perPage).offset((page - 1) * perPage),
      db.select({ value: count() }).from(businesses).where(where),
    ]);
    return { ids: rows.map((row) => row.id), total: Number(total.value) };
  }

  return {
    page(query: BusinessListQuery, defaultSort: BusinessSort) {
      const where: SQL[] = [publicBusiness];
      if (query.kind) where.push(eq(businesses.kind, query.kind));
      if (query.category_id) where.push(eq(businesses.categoryId, query.category_id));
      if (query.owner_id) where.push(eq(businesses.ownerId, query.owner_id));
      const q = query.q?.trim();
      if (q) where.push(or(ilike(businesses.name, `%${likeEscape(q)}%`), ilike(businesses.nameEn, `%${likeEscape(q)}%`)) as SQL);
      return pageOf(and(...where), ORDER[query.sort ?? defaultSort], query.page, query.per_page);
    },

    deliveryDiscounts(page: number, perPage: number, kind?: BusinessKind) {
      const where = and(publicBusiness, gt(businesses.deliveryDiscountPercent, 0), kind ? eq(businesses.kind, kind) : undefined);
      return pageOf(where, [desc(businesses.deliveryDiscountPercent), desc(businesses.id)], page, perPage);
    },

    ownedBy(ownerId: number, page: number, perPage: number) {
      return pageOf(eq(businesses.ownerId, ownerId), ORDER.newest, page, perPage);
    },

    /** `publicOnly`: as anyone but the owner sees them (moderation lets them through). */
    async idsOwnedBy(ownerId: number, publicOnly = false): Promise<number[]> {
      const where = and(eq(businesses.ownerId, ownerId), publicOnly ? publicBusiness : undefined);
      const rows = await db.select({ id: businesses.id }).from(businesses).where(where).orderBy(desc(businesses.id));
      return rows.map((row) => row.id);
    },

    async find(id: number): Promise<Business | null> {
      const [row] = await db.select().from(businesses).where(eq(businesses.id, id)).limit(1);
      return row ?? null;
    },

    async category(id: number) {
      const [row] = await db.select().from(businessCategories).where(eq(businessCategories.id, id)).limit(1);
      return row ?? null;
    },

    async categories(kind?: BusinessKind) {
      return db
        .select({ category: businessCategories, businessesCount: sql<number>`count(${businesses.id})` })
        .from(businessCategories)
        .leftJoin(businesses, and(eq(businesses.categoryId, businessCategories.id), publicBusiness))
        .where(kind ? eq(businessCategories.kind, kind) : undefined)
        .groupBy(businessCategories.id)
        .orderBy(asc(businessCategories.position), asc(businessCategories.id));
    },

    async create(values: NewBusiness): Promise<Business> {
      const [row] = await db.insert(businesses).values(values).returning();
      catalogChanged(db);
      return row;
    },

    async update(id: number, values: Partial<NewBusiness>): Promise<Business> {
      const [row] = await db.update(businesses).set(values).where(eq(businesses.id, id)).returning();
      catalogChanged(db);
      return row;
    },

    /** The business, its products and categories (cascade), and every favorite pointing at any of them, at once. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const productIds = tx.select({ id: products.id }).from(products).where(eq(products.businessId, id));
        await tx.delete(favorites).where(and(eq(favorites.targetType, 'product'), inArray(favorites.targetId, productIds)));
        await tx.delete(favorites).where(and(eq(favorites.targetType, 'business'), eq(favorites.targetId, id)));
        await tx.delete(businesses).where(eq(businesses.id, id));
      });
      catalogChanged(db);
    },
  };
}
