import { eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdSummary } from '../../../../shared/api/catalog-ads';
import type { BusinessSummary } from '../../../../shared/api/catalog-businesses';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import type { ProductSummary } from '../../../../shared/api/catalog-products';
import type { ModerationStatus } from '../../../../shared/moderation/moderation-values';
import type { Db } from '../../../db/client';
import { adCategories, ads, businessCategories, businesses, images, productCategories, products, users, type ImageRow } from '../../../db/schema';
import { iso } from '../../../lib/serialize';
import { localized, meanRating, type CatalogContext } from './catalog-context';
import { toImageResource } from './images-repository';
import { favoriteIdsOf, subscribedIdsOf } from './viewer-marks';

// The pictures a card shows come in the card's own query (one round trip fewer per list).
const productImage = alias(images, 'product_image');
const logoImage = alias(images, 'logo_image');
const coverImage = alias(images, 'cover_image');
const adImage = alias(images, 'ad_image');

// Only what a card shows: the rows also hold descriptions and search vectors, which
// would cost the database and the driver more than the rest of the card together.
const productColumns = {
  id: products.id,
  kind: products.kind,
  status: products.status,
  name: products.name,
  nameEn: products.nameEn,
  price: products.price,
  finalPrice: products.finalPrice,
  discountPercent: products.discountPercent,
  currency: products.currency,
  stock: products.stock,
  ratingSum: products.ratingSum,
  ratingCount: products.ratingCount,
  favoritesCount: products.favoritesCount,
  publishedAt: products.publishedAt,
  createdAt: products.createdAt,
  promotedUntil: products.promotedUntil,
  promotionPerks: products.promotionPerks,
  moderationStatus: products.moderationStatus,
  moderationReason: products.moderationReason,
};
const businessColumns = {
  id: businesses.id,
  kind: businesses.kind,
  name: businesses.name,
  nameEn: businesses.nameEn,
  address: businesses.address,
  addressEn: businesses.addressEn,
  ratingSum: businesses.ratingSum,
  ratingCount: businesses.ratingCount,
  deliveryDiscountPercent: businesses.deliveryDiscountPercent,
  subscribersCount: businesses.subscribersCount,
  ownerId: businesses.ownerId,
  createdAt: businesses.createdAt,
  moderationStatus: businesses.moderationStatus,
  moderationReason: businesses.moderationReason,
};
const adColumns = {
  id: ads.id,
  status: ads.status,
  title: ads.title,
  titleEn: ads.titleEn,
  price: ads.price,
  currency: ads.currency,
  location: ads.location,
  locationEn: ads.locationEn,
  condition: ads.condition,
  favoritesCount: ads.favoritesCount,
  publishedAt: ads.publishedAt,
  createdAt: ads.createdAt,
  promotedUntil: ads.promotedUntil,
  promotionPerks: ads.promotionPerks,
  moderationStatus: ads.moderationStatus,
  moderationReason: ads.moderationReason,
};

/** The promotion marks of a card: promoted while its subscription runs (the columns follow every move of it). */
const promotionMarks = (row: { promotedUntil: Date | null; promotionPerks: string[] }, now = Date.now()) => {
  const promoted = row.promotedUntil !== null && row.promotedUntil.getTime() > now;
  return { promoted, highlighted: promoted && row.promotionPerks.includes('highlight') };
};

/** The moderation state, on the owner's own cards only (issue 17): nobody else learns an item was refused. */
const moderationMark = (row: { moderationStatus: ModerationStatus; moderationReason: string | null }, ownerId: number, ctx: CatalogContext) =>
  ctx.viewerId === ownerId ? { moderation: { status: row.moderationStatus, reason: row.moderationReason } } : {};

const imageOf = (row: ImageRow | null, ctx: CatalogContext): ImageResource | null => (row ? toImageResource(row, ctx.storage) : null);

/** The rows of the given ids: one bound array, so the statement text never changes with their number. */
const idIn = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('ids')}::int[])`;

/**
 * Builds the list cards of products, businesses and ads from their ids, in
 * the order given. Every list, search, favorites page and subscription feed
 * goes through here, so a card looks the same wherever it appears.
 */
export function catalogCards(db: Db) {
  // Prepared by name: every list and search page runs these, and planning their joins cost more than running them.
  const businessRows = db
    .select({
      business: businessColumns,
      category: { id: businessCategories.id, name: businessCategories.name, nameEn: businessCategories.nameEn },
      logo: logoImage,
      cover: coverImage,
    })
    .from(businesses)
    .innerJoin(businessCategories, eq(businessCategories.id, businesses.categoryId))
    .leftJoin(logoImage, eq(logoImage.id, businesses.logoImageId))
    .leftJoin(coverImage, eq(coverImage.id, businesses.coverImageId))
    .where(idIn(businesses.id))
    .prepare('catalog_business_cards');
  const productRows = db
    .select({
      product: productColumns,
      business: { id: businesses.id, name: businesses.name, nameEn: businesses.nameEn, kind: businesses.kind, ownerId: businesses.ownerId },
      category: { id: productCategories.id, name: productCategories.name, nameEn: productCategories.nameEn },
      image: productImage,
      logo: logoImage,
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(productImage, eq(productImage.id, sql`${products.imageIds}[1]`))
    .leftJoin(logoImage, eq(logoImage.id, businesses.logoImageId))
    .where(idIn(products.id))
    .prepare('catalog_product_cards');
  const adRows = db
    .select({
      ad: adColumns,
      category: { id: adCategories.id, name: adCategories.name, nameEn: adCategories.nameEn },
      user: { id: users.id, name: users.name, image: users.image },
      image: adImage,
    })
    .from(ads)
    .innerJoin(adCategories, eq(adCategories.id, ads.categoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .leftJoin(adImage, eq(adImage.id, sql`${ads.imageIds}[1]`))
    .where(idIn(ads.id))
    .prepare('catalog_ad_cards');

  async function businessCards(ids: number[], ctx: CatalogContext): Promise<Map<number, BusinessSummary>> {
    if (!ids.length) return new Map();
    const [rows, favoriteIds, subscribedIds] = await Promise.all([
      businessRows.execute({ ids }),
      favoriteIdsOf(db, ctx.viewerId, 'business', ids),
      subscribedIdsOf(db, ctx.viewerId, ids),
    ]);
    return new Map(
      rows.map(({ business: b, category, logo, cover }) => [
        b.id,
        {
          id: b.id,
          kind: b.kind,
          name: localized(ctx.lang, b.name, b.nameEn),
          category: { id: category.id, name: localized(ctx.lang, category.name, category.nameEn) },
          address: localized(ctx.lang, b.address, b.addressEn),
          logo: imageOf(logo, ctx),
          cover: imageOf(cover, ctx),
          rating: meanRating(b.ratingSum, b.ratingCount),
          rating_count: b.ratingCount,
          delivery_discount_percent: b.deliveryDiscountPercent,
          subscribers_count: b.subscribersCount,
          is_favorite: favoriteIds.has(b.id),
          is_subscribed: subscribedIds.has(b.id),
          owner_id: b.ownerId,
          created_at: iso(b.createdAt),
          ...moderationMark(b, b.ownerId, ctx),
        },
      ]),
    );
  }

  async function productCards(ids: number[], ctx: CatalogContext): Promise<Map<number, ProductSummary>> {
    if (!ids.length) return new Map();
    const [rows, favoriteIds] = await Promise.all([
      productRows.execute({ ids }),
      favoriteIdsOf(db, ctx.viewerId, 'product', ids),
    ]);
    return new Map(
      rows.map(({ product: p, business: b, category, image, logo }) => [
        p.id,
        {
          id: p.id,
          kind: p.kind,
          status: p.status,
          name: localized(ctx.lang, p.name, p.nameEn),
          price: p.price,
          final_price: p.finalPrice,
          discount_percent: p.discountPercent,
          currency: p.currency as ProductSummary['currency'],
          stock: p.stock,
          image: imageOf(image, ctx),
          business: { id: b.id, name: localized(ctx.lang, b.name, b.nameEn), kind: b.kind, logo: imageOf(logo, ctx) },
          category: category?.id ? { id: category.id, name: localized(ctx.lang, category.name, category.nameEn) } : null,
          rating: meanRating(p.ratingSum, p.ratingCount),
          rating_count: p.ratingCount,
          favorites_count: p.favoritesCount,
          is_favorite: favoriteIds.has(p.id),
          ...promotionMarks(p),
          published_at: p.publishedAt ? iso(p.publishedAt) : null,
          created_at: iso(p.createdAt),
          ...moderationMark(p, b.ownerId, ctx),
        },
      ]),
    );
  }

  async function adCards(ids: number[], ctx: CatalogContext): Promise<Map<number, AdSummary>> {
    if (!ids.length) return new Map();
    const [rows, favoriteIds] = await Promise.all([
      adRows.execute({ ids }),
      favoriteIdsOf(db, ctx.viewerId, 'ad', ids),
    ]);
    return new Map(
      rows.map(({ ad: a, category, user, image }) => [
        a.id,
        {
          id: a.id,
          status: a.status,
          title: localized(ctx.lang, a.title, a.titleEn),
          price: a.price,
          currency: a.currency as AdSummary['currency'],
          location: localized(ctx.lang, a.location, a.locationEn),
          condition: (a.condition as AdSummary['condition']) ?? null,
          category: { id: category.id, name: localized(ctx.lang, category.name, category.nameEn) },
          image: imageOf(image, ctx),
          user,
          favorites_count: a.favoritesCount,
          is_favorite: favoriteIds.has(a.id),
          ...promotionMarks(a),
          published_at: a.publishedAt ? iso(a.publishedAt) : null,
          created_at: iso(a.createdAt),
          ...moderationMark(a, user.id, ctx),
        },
      ]),
    );
  }

  /** Cards in the order of `ids` (ids that vanished meanwhile are skipped). */
  const ordered = <T>(ids: number[], map: Map<number, T>): T[] => ids.flatMap((id) => (map.has(id) ? [map.get(id) as T] : []));

  return {
    businessCards,
    productCards,
    adCards,
    products: async (ids: number[], ctx: CatalogContext) => ordered(ids, await productCards(ids, ctx)),
    businesses: async (ids: number[], ctx: CatalogContext) => ordered(ids, await businessCards(ids, ctx)),
    ads: async (ids: number[], ctx: CatalogContext) => ordered(ids, await adCards(ids, ctx)),
  };
}

export type CatalogCards = ReturnType<typeof catalogCards>;
