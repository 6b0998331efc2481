import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { BUSINESS_KINDS, type Weekday } from '../../../shared/api/catalog-values';
import { generatedModerationPublic, moderationColumns, ratingColumns, searchColumns } from './catalog-columns';
import { images } from './images';
import { timestamps } from './shared-columns';
import { users } from './users';

export const businessKindEnum = pgEnum('business_kind', BUSINESS_KINDS);

export type StoredWorkingHours = Record<Weekday, { open: string; close: string } | null>;

/** Global sections of the marketplace (groceries, cafés, repairs, …); seeded, not user-made. */
export const businessCategories = pgTable('business_categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 60 }).notNull().unique(),
  kind: businessKindEnum('kind').notNull(),
  name: varchar('name', { length: 120 }).notNull(),
  nameEn: varchar('name_en', { length: 120 }),
  icon: varchar('icon', { length: 40 }).notNull().default(''),
  position: integer('position').notNull().default(0),
});

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: businessKindEnum('kind').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => businessCategories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    nameEn: varchar('name_en', { length: 120 }),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en'),
    address: varchar('address', { length: 255 }).notNull(),
    /** The address as an English reader writes it (transliterated street, English city name); optional like every translation. */
    addressEn: varchar('address_en', { length: 255 }),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    workingHours: jsonb('working_hours').$type<StoredWorkingHours>().notNull(),
    logoImageId: text('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
    coverImageId: text('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    deliveryDiscountPercent: integer('delivery_discount_percent').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    ordersCount: integer('orders_count').notNull().default(0),
    ...ratingColumns(),
    ...moderationColumns(),
    ...generatedModerationPublic(),
    ...searchColumns('name', 'name_en'),
    ...timestamps,
  },
  (t) => [
    index('businesses_owner_idx').on(t.ownerId),
    index('businesses_kind_idx').on(t.kind, t.categoryId),
    index('businesses_category_idx').on(t.categoryId),
    index('businesses_popular_idx').on(t.ordersCount.desc(), t.subscribersCount.desc(), t.id.desc()),
    index('businesses_delivery_discount_idx').on(t.deliveryDiscountPercent).where(sql`${t.deliveryDiscountPercent} > 0`),
    index('businesses_search_vector_idx').using('gin', t.searchVector),
    index('businesses_search_name_idx').using('gin', t.searchName.op('gin_trgm_ops')),
  ],
);

export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type BusinessCategory = typeof businessCategories.$inferSelect;
