import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ProductCategoryResource } from '../../../../shared/api/catalog-businesses';
import type { Language } from '../../../../shared/i18n/languages';
import type { Db } from '../../../db/client';
import { businesses, productCategories, products, type ProductCategory } from '../../../db/schema';
import { catalogChanged } from '../common/catalog-changes';
import { localized } from '../common/catalog-context';
import { publicProduct } from '../common/public-items';

export function categoriesRepository(db: Db) {
  return {
    /** Categories of the given businesses in their order, each with its product count (every state when `allStates`). */
    async list(businessIds: number[], lang: Language, allStates: boolean): Promise<ProductCategoryResource[]> {
      if (!businessIds.length) return [];
      const counted = allStates ? sql`true` : publicProduct;
      const rows = await db
        .select({ category: productCategories, productsCount: sql<number>`count(${products.id}) filter (where ${counted})` })
        .from(productCategories)
        .leftJoin(products, eq(products.categoryId, productCategories.id))
        .where(inArray(productCategories.businessId, businessIds))
        .groupBy(productCategories.id)
        .orderBy(asc(productCategories.businessId), asc(productCategories.position), asc(productCategories.id));
      return rows.map(({ category, productsCount }) => toCategoryResource(category, lang, Number(productsCount)));
    },

    async find(id: number): Promise<{ category: ProductCategory; ownerId: number } | null> {
      const [row] = await db
        .select({ category: productCategories, ownerId: businesses.ownerId })
        .from(productCategories)
        .innerJoin(businesses, eq(businesses.id, productCategories.businessId))
        .where(eq(productCategories.id, id))
        .limit(1);
      return row ?? null;
    },

    async productCount(id: number): Promise<number> {
      const [row] = await db.select({ value: count() }).from(products).where(and(eq(products.categoryId, id)));
      return Number(row.value);
    },

    async create(values: typeof productCategories.$inferInsert): Promise<ProductCategory> {
      const [row] = await db.insert(productCategories).values(values).returning();
      return row;
    },

    async update(id: number, values: Partial<typeof productCategories.$inferInsert>): Promise<ProductCategory> {
      const [row] = await db.update(productCategories).set(values).where(eq(productCategories.id, id)).returning();
      // Its products' search documents carry its name (migration 0016's triggers rewrote them).
      catalogChanged(db);
      return row;
    },

    /** Its products stay, without a category. */
    async remove(id: number): Promise<void> {
      await db.delete(productCategories).where(eq(productCategories.id, id));
      catalogChanged(db);
    },
  };
}

export const toCategoryResource = (category: ProductCategory, lang: Language, productsCount: number): ProductCategoryResource => ({
  id: category.id,
  business_id: category.businessId,
  name: localized(lang, category.name, category.nameEn),
  name_en: category.nameEn,
  name_ru: category.name,
  position: category.position,
  products_count: productsCount,
});
