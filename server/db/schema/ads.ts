import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgEnum, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { BANNER_PLACEMENTS } from '../../../shared/api/catalog-values';
import { BANNER_STATUSES } from '../../../shared/promotion/subscription-machine';
import { catalogStatusEnum } from './products';
import { generatedModerationPublic, moderationColumns, promotionColumns, searchColumns } from './catalog-columns';
import { images } from './images';
import { timestamps } from './shared-columns';
import { users } from './users';

export const adCategories = pgTable('ad_categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 60 }).notNull().unique(),
  name: varchar('name', { length: 120 }).notNull(),
  nameEn: varchar('name_en', { length: 120 }),
  icon: varchar('icon', { length: 40 }).notNull().default(''),
  position: integer('position').notNull().default(0),
});

/** Classified listings by users (not businesses). */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => adCategories.id, { onDelete: 'restrict' }),
    status: catalogStatusEnum('status').notNull().default('published'),
    title: varchar('title', { length: 120 }).notNull(),
    titleEn: varchar('title_en', { length: 120 }),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en'),
    /** Minor units; null reads "price on request". */
    price: bigint('price', { mode: 'number' }),
    currency: varchar('currency', { length: 3 }).notNull().default('RUB'),
    location: varchar('location', { length: 120 }).notNull().default(''),
    locationEn: varchar('location_en', { length: 120 }),
    condition: varchar('condition', { length: 8 }),
    imageIds: text('image_ids').array().notNull().default(sql`'{}'::text[]`),
    favoritesCount: integer('favorites_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...promotionColumns,
    ...moderationColumns(),
    ...generatedModerationPublic(),
    ...searchColumns('title', 'title_en'),
    ...timestamps,
  },
  (t) => [
    index('ads_user_idx').on(t.userId, t.status),
    index('ads_raised_idx').on(t.promotedUntil).where(sql`${t.promotionPerks} @> array['raise']::text[]`),
    index('ads_category_idx').on(t.categoryId),
    index('ads_newest_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index('ads_search_vector_idx').using('gin', t.searchVector),
    index('ads_search_name_idx').using('gin', t.searchName.op('gin_trgm_ops')),
  ],
);

export const bannerPlacementEnum = pgEnum('banner_placement', BANNER_PLACEMENTS);
export const bannerStatusEnum = pgEnum('banner_status', BANNER_STATUSES);

/**
 * Banner ads of the home carousel and the strips between lists. House banners (seeded, no owner)
 * are approved from the start; a seller's banner (`owner_id`) waits in `moderation` until a
 * moderator claims and decides it, and only `approved` and `active` ones within their dates are live.
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    placement: bannerPlacementEnum('placement').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    titleEn: varchar('title_en', { length: 120 }),
    subtitle: varchar('subtitle', { length: 255 }).notNull().default(''),
    subtitleEn: varchar('subtitle_en', { length: 255 }),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    link: varchar('link', { length: 255 }).notNull(),
    background: varchar('background', { length: 16 }).notNull().default('#2f6fde'),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    status: bannerStatusEnum('status').notNull().default('approved'),
    rejectionReason: text('rejection_reason'),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('banners_placement_idx').on(t.placement, t.position),
    index('banners_owner_idx').on(t.ownerId, t.createdAt.desc()).where(sql`${t.ownerId} is not null`),
    index('banners_moderation_idx').on(t.createdAt).where(sql`${t.status} = 'moderation'`),
  ],
);

export type Ad = typeof ads.$inferSelect;
export type NewAd = typeof ads.$inferInsert;
export type AdCategory = typeof adCategories.$inferSelect;
export type Banner = typeof banners.$inferSelect;
