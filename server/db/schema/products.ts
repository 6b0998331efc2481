import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { CATALOG_STATUSES, PRODUCT_KINDS } from '../../../shared/api/catalog-values';
import { businesses } from './businesses';
import { moderationColumns, productModerationPublic, promotionColumns, ratingColumns, searchColumns } from './catalog-columns';
import { timestamps } from './shared-columns';

export const productKindEnum = pgEnum('product_kind', PRODUCT_KINDS);
export const catalogStatusEnum = pgEnum('catalog_status', CATALOG_STATUSES);

/** A business's own sections (menu headings, shelves); the owner manages them. */
export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    nameEn: varchar('name_en', { length: 120 }),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('product_categories_business_idx').on(t.businessId, t.position)],
);

/** Goods and services of a business: one table, told apart by `kind`. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    kind: productKindEnum('kind').notNull().default('product'),
    status: catalogStatusEnum('status').notNull().default('published'),
    name: varchar('name', { length: 120 }).notNull(),
    nameEn: varchar('name_en', { length: 120 }),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en'),
    /** Regular price in minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    /** What the buyer pays: the discount rounded to the nearest minor unit, in integers only. */
    finalPrice: bigint('final_price', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`price - (price * discount_percent + 50) / 100`),
    currency: varchar('currency', { length: 3 }).notNull().default('RUB'),
    stock: integer('stock'),
    durationMinutes: integer('duration_minutes'),
    /** Image ids in the owner's order (rows of `images`). */
    imageIds: text('image_ids').array().notNull().default(sql`'{}'::text[]`),
    ordersCount: integer('orders_count').notNull().default(0),
    ...ratingColumns(),
    /** Mean rating × 100 (null while unrated), kept by the database so "best rated" can use an index. */
    ratingScore: integer('rating_score').generatedAlwaysAs(sql`case when rating_count > 0 then rating_sum * 100 / rating_count end`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...promotionColumns,
    ...moderationColumns(),
    ...productModerationPublic(),
    ...searchColumns('name', 'name_en'),
    ...timestamps,
  },
  (t) => [
    index('products_business_idx').on(t.businessId, t.status),
    index('products_raised_idx').on(t.promotedUntil).where(sql`${t.promotionPerks} @> array['raise']::text[]`),
    index('products_category_idx').on(t.categoryId),
    index('products_newest_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index('products_price_idx').on(t.finalPrice, t.id).where(sql`${t.status} = 'published'`),
    index('products_popular_idx')
      .on(t.ordersCount.desc(), t.favoritesCount.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('products_rating_idx')
      .on(t.ratingScore.desc(), t.ratingCount.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('products_discount_idx')
      .on(t.discountPercent.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.discountPercent} > 0`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_name_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    // Checkout takes stock with a conditional update; this makes overselling impossible even for a faulty query.
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductCategory = typeof productCategories.$inferSelect;
