import { and, desc, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { ads, products } from '../../db/schema';
import { publicAd, publicProduct } from '../catalog/common/public-items';

/** How many of each kind the home page shows. */
const HOME_PROMOTED_LIMIT = 8;

/**
 * Published ads and products whose running promotion has the `home_carousel` perk (the columns
 * every subscription move rewrites, so a pause takes an item off the home page at once), a
 * higher boost first, then the one promoted for longer.
 */
export async function homePromotedIds(db: Db): Promise<{ products: number[]; ads: number[] }> {
  const onHome = (until: AnyPgColumn, perks: AnyPgColumn) => sql`${until} > now() and ${perks} @> array['home_carousel']::text[]`;
  const [productRows, adRows] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(and(publicProduct, onHome(products.promotedUntil, products.promotionPerks)))
      .orderBy(desc(products.promotionBoost), desc(products.promotedUntil), desc(products.id))
      .limit(HOME_PROMOTED_LIMIT),
    db
      .select({ id: ads.id })
      .from(ads)
      .where(and(publicAd, onHome(ads.promotedUntil, ads.promotionPerks)))
      .orderBy(desc(ads.promotionBoost), desc(ads.promotedUntil), desc(ads.id))
      .limit(HOME_PROMOTED_LIMIT),
  ]);
  return { products: productRows.map((r) => r.id), ads: adRows.map((r) => r.id) };
}
