import { eq, inArray } from 'drizzle-orm';
import type { AdSummary } from '../../../../shared/api/catalog-ads';
import type { BusinessSummary } from '../../../../shared/api/catalog-businesses';
import type { ProductSummary } from '../../../../shared/api/catalog-products';
import type { Db } from '../../../db/client';
import { adCategories, ads, businessCategories, businesses, productCategories, products, users, type Business } from '../../../db/schema';
import { iso } from '../../../lib/serialize';
import { localized, meanRating, type CatalogContext } from './catalog-context';
import { imagesRepository } from './images-repository';
import { favoriteIdsOf, subscribedIdsOf } from './viewer-marks';

/**
 * Builds the list cards of products, businesses and ads from their ids, in
 * the order given. Every list, search, favorites page and subscription feed
 * goes through here, so a card looks the same wherever it appears.
 */
export function catalogCards(db: Db) {
  const imageRepo = imagesRepository(db);

  async function businessCards(ids: number[], ctx: CatalogContext): Promise<Map<number, BusinessSummary>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ business: businesses, category: { id: businessCategories.id, name: businessCategories.name, nameEn: businessCategories.nameEn } })
      .from(businesses)
      .innerJoin(businessCategories, eq(businessCategories.id, businesses.categoryId))
      .where(inArray(businesses.id, ids));
    return businessCardsFromRows(rows, ctx);
  }

  async function businessCardsFromRows(
    rows: Array<{ business: Business; category: { id: number; name: string; nameEn: string | null } }>,
    ctx: CatalogContext,
  ): Promise<Map<number, BusinessSummary>> {
    const ids = rows.map((row) => row.business.id);
    const [imageMap, favoriteIds, subscribedIds] = await Promise.all([
      imageRepo.resources(rows.flatMap((row) => [row.business.logoImageId, row.business.coverImageId]), ctx.storage),
      favoriteIdsOf(db, ctx.viewerId, 'business', ids),
      subscribedIdsOf(db, ctx.viewerId, ids),
    ]);
    return new Map(
      rows.map(({ business: b, category }) => [
        b.id,
        {
          id: b.id,
          kind: b.kind,
          name: localized(ctx.lang, b.name, b.nameEn),
          category: { id: category.id, name: localized(ctx.lang, category.name, category.nameEn) },
          address: b.address,
          logo: (b.logoImageId && imageMap.get(b.logoImageId)) || null,
          cover: (b.coverImageId && imageMap.get(b.coverImageId)) || null,
          rating: meanRating(b.ratingSum, b.ratingCount),
          rating_count: b.ratingCount,
          delivery_discount_percent: b.deliveryDiscountPercent,
          subscribers_count: b.subscribersCount,
          is_favorite: favoriteIds.has(b.id),
          is_subscribed: subscribedIds.has(b.id),
          owner_id: b.ownerId,
          created_at: iso(b.createdAt),
        },
      ]),
    );
  }

  async function productCards(ids: number[], ctx: CatalogContext): Promise<Map<number, ProductSummary>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        product: products,
        business: { id: businesses.id, name: businesses.name, nameEn: businesses.nameEn, kind: businesses.kind, logoImageId: businesses.logoImageId },
        category: { id: productCategories.id, name: productCategories.name, nameEn: productCategories.nameEn },
      })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.businessId))
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(inArray(products.id, ids));
    const [imageMap, favoriteIds] = await Promise.all([
      imageRepo.resources(rows.flatMap((row) => [row.product.imageIds[0], row.business.logoImageId]), ctx.storage),
      favoriteIdsOf(db, ctx.viewerId, 'product', ids),
    ]);
    return new Map(
      rows.map(({ product: p, business: b, category }) => [
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
          image: (p.imageIds[0] && imageMap.get(p.imageIds[0])) || null,
          business: {
            id: b.id,
            name: localized(ctx.lang, b.name, b.nameEn),
            kind: b.kind,
            logo: (b.logoImageId && imageMap.get(b.logoImageId)) || null,
          },
          category: category?.id ? { id: category.id, name: localized(ctx.lang, category.name, category.nameEn) } : null,
          rating: meanRating(p.ratingSum, p.ratingCount),
          rating_count: p.ratingCount,
          favorites_count: p.favoritesCount,
          is_favorite: favoriteIds.has(p.id),
          published_at: p.publishedAt ? iso(p.publishedAt) : null,
          created_at: iso(p.createdAt),
        },
      ]),
    );
  }

  async function adCards(ids: number[], ctx: CatalogContext): Promise<Map<number, AdSummary>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        ad: ads,
        category: { id: adCategories.id, name: adCategories.name, nameEn: adCategories.nameEn },
        user: { id: users.id, name: users.name, image: users.image },
      })
      .from(ads)
      .innerJoin(adCategories, eq(adCategories.id, ads.categoryId))
      .innerJoin(users, eq(users.id, ads.userId))
      .where(inArray(ads.id, ids));
    const [imageMap, favoriteIds] = await Promise.all([
      imageRepo.resources(rows.map((row) => row.ad.imageIds[0]), ctx.storage),
      favoriteIdsOf(db, ctx.viewerId, 'ad', ids),
    ]);
    return new Map(
      rows.map(({ ad: a, category, user }) => [
        a.id,
        {
          id: a.id,
          status: a.status,
          title: localized(ctx.lang, a.title, a.titleEn),
          price: a.price,
          currency: a.currency as AdSummary['currency'],
          location: a.location,
          condition: (a.condition as AdSummary['condition']) ?? null,
          category: { id: category.id, name: localized(ctx.lang, category.name, category.nameEn) },
          image: (a.imageIds[0] && imageMap.get(a.imageIds[0])) || null,
          user,
          favorites_count: a.favoritesCount,
          is_favorite: favoriteIds.has(a.id),
          published_at: a.publishedAt ? iso(a.publishedAt) : null,
          created_at: iso(a.createdAt),
        },
      ]),
    );
  }

  /** Cards in the order of `ids` (ids that vanished meanwhile are skipped). */
  const ordered = <T>(ids: number[], map: Map<number, T>): T[] => ids.flatMap((id) => (map.has(id) ? [map.get(id) as T] : []));

  return {
    businessCards,
    businessCardsFromRows,
    productCards,
    adCards,
    products: async (ids: number[], ctx: CatalogContext) => ordered(ids, await productCards(ids, ctx)),
    businesses: async (ids: number[], ctx: CatalogContext) => ordered(ids, await businessCards(ids, ctx)),
    ads: async (ids: number[], ctx: CatalogContext) => ordered(ids, await adCards(ids, ctx)),
  };
}

export type CatalogCards = ReturnType<typeof catalogCards>;
