import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProductListQuery, ProductSort } from '../../../../shared/api/catalog-products';
import type { CatalogStatus } from '../../../../shared/api/catalog-values';
import { flagOn } from '../../../../shared/api/catalog-common';
import type { Db } from '../../../db/client';
import { catalogChanged } from '../common/catalog-changes';
import { publicProduct } from '../common/public-items';
import { resultCache } from '../common/result-cache';
import { RAISED_SORTS, raisedFirstPage, raisedNow } from '../common/promoted-first';
import { businesses, favorites, products, type NewProduct, type Product } from '../../../db/schema';

export interface ProductScope {
  /** Only the caller's own products, in every state (else: published ones only). */
  ownerId?: number;
  /** Only discounted (the `/v1/products/discounted` list). */
  discountedOnly?: boolean;
}

/** `desc nulls last`, as drizzle writes descending index columns: only a matching order lets an index return rows in order. */
const latest = (column: AnyPgColumn) => sql`${column} desc nulls last`;

const ORDER: Record<ProductSort, SQL[]> = {
  newest: [latest(products.publishedAt), latest(products.id)],
  price_asc: [asc(products.finalPrice), asc(products.id)],
  price_desc: [desc(products.finalPrice), desc(products.id)],
  popular: [latest(products.ordersCount), latest(products.favoritesCount), latest(products.id)],
  rating: [latest(products.ratingScore), latest(products.ratingCount), latest(products.id)],
  discount: [latest(products.discountPercent), latest(products.id)],
};

/**
 * Totals are exact up to this many matches and stop there: counting every
 * one of 100,000 products for each page costs more than the page itself, and
 * nobody pages that far (`page` stops at 10,000 anyway).
 */
export const LIST_TOTAL_CAP = 10_000;

export function productsRepository(db: Db) {
  const totals = resultCache<number>(db);
  return {
    /** One page of product ids under the query's filters, and how many there are in all. */
    async page(query: ProductListQuery, scope: ProductScope, defaultSort: ProductSort): Promise<{ ids: number[]; total: number }> {
      const where: SQL[] = [];
      if (scope.ownerId !== undefined) {
        where.push(inArray(products.businessId, db.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerId, scope.ownerId))));
        if (query.status) where.push(eq(products.status, query.status));
      } else {
        where.push(publicProduct);
      }
      if (query.kind) where.push(eq(products.kind, query.kind));
      if (query.business_id) where.push(eq(products.businessId, query.business_id));
      if (query.category_id) where.push(eq(products.categoryId, query.category_id));
      if (query.business_category_id || query.business_kind) {
        const owners = [
          query.business_category_id ? eq(businesses.categoryId, query.business_category_id) : undefined,
          query.business_kind ? eq(businesses.kind, query.business_kind) : undefined,
        ];
        where.push(inArray(products.businessId, db.select({ id: businesses.id }).from(businesses).where(and(...owners))));
      }
      if (query.price_min !== undefined) where.push(gte(products.finalPrice, query.price_min));
      if (query.price_max !== undefined) where.push(lte(products.finalPrice, query.price_max));
      if (scope.discountedOnly || flagOn(query.discounted)) where.push(gt(products.discountPercent, 0));
      if (flagOn(query.in_stock)) where.push(or(eq(products.kind, 'service'), isNull(products.stock), gt(products.stock, 0)) as SQL);

      const condition = and(...where);
      const offset = (query.page - 1) * query.per_page;
      // Every page and order of one list shares its total.
      const totalKey = JSON.stringify([scope, query.kind, query.business_id, query.category_id, query.business_category_id, query.business_kind, query.price_min, query.price_max, query.discounted, query.in_stock, query.status]);
      const sort = query.sort ?? defaultSort;
      const idsOf = (where: SQL | undefined, order: SQL[], from: number, limit: number) =>
        db.select({ id: products.id }).from(products).where(where).orderBy(...order).limit(limit).offset(from).then((rows) => rows.map((row) => row.id));
      // Public lists show raised products first (promoted-first.ts); a seller's own list keeps its order.
      const raised = raisedNow(products.promotedUntil, products.promotionPerks);
      const page =
        scope.ownerId === undefined && RAISED_SORTS.has(sort)
          ? raisedFirstPage(idsOf, { condition, raised, boost: products.promotionBoost, order: ORDER[sort], offset, limit: query.per_page })
          : idsOf(condition, ORDER[sort], offset, query.per_page);
      const [ids, total] = await Promise.all([
        page,
        totals.through(totalKey, async () => {
          const [row] = await db
            .select({ value: count() })
            .from(db.select({ one: sql`1` }).from(products).where(condition).limit(LIST_TOTAL_CAP).as('capped'));
          return Number(row.value);
        }),
      ]);
      return { ids, total };
    },

    async find(id: number): Promise<{ product: Product; ownerId: number } | null> {
      const [row] = await db
        .select({ product: products, ownerId: businesses.ownerId })
        .from(products)
        .innerJoin(businesses, eq(businesses.id, products.businessId))
        .where(eq(products.id, id))
        .limit(1);
      return row ?? null;
    },

    async create(values: NewProduct): Promise<Product> {
      const [row] = await db.insert(products).values(values).returning();
      catalogChanged(db);
      return row;
    },

    async update(id: number, values: Partial<NewProduct>): Promise<Product> {
      const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
      catalogChanged(db);
      return row;
    },

    /** Deletes the product and every favorite that pointed at it, together. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(favorites).where(and(eq(favorites.targetType, 'product'), eq(favorites.targetId, id)));
        await tx.delete(products).where(eq(products.id, id));
      });
      catalogChanged(db);
    },

    /** Products and services of a business in the given states (`public`: what a visitor sees). */
    async countByStatus(businessId: number, statuses: CatalogStatus[] | 'public') {
      const rows = await db
        .select({ kind: products.kind, value: count() })
        .from(products)
        .where(and(eq(products.businessId, businessId), statuses === 'public' ? publicProduct : inArray(products.status, statuses)))
        .groupBy(products.kind);
      const of = (kind: 'product' | 'service') => Number(rows.find((row) => row.kind === kind)?.value ?? 0);
      return { products: of('product'), services: of('service') };
    },
  };
}
