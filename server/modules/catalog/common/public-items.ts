import { and, eq, or, type SQL } from 'drizzle-orm';
import { ads, businesses, products } from '../../../db/schema';

/**
 * What the public sees of the catalogue (issue 17): a business its moderation lets through
 * (`approved` or `review`), an ad or product published by its owner and let through, and a
 * product only while its business is let through too (`products.moderation_public` holds both,
 * kept by the triggers of migration 0026). Every public read of the three tables filters on these.
 */
export const publicBusiness: SQL = eq(businesses.moderationPublic, true);
export const publicAd: SQL = and(eq(ads.status, 'published'), eq(ads.moderationPublic, true))!;
export const publicProduct: SQL = and(eq(products.status, 'published'), eq(products.moderationPublic, true))!;

/** Public, or the viewer's own (owners always see their items, with their moderation state). */
export const publicOr = (condition: SQL, own: SQL | null): SQL => (own ? or(condition, own)! : condition);
