import { and, eq, ne } from 'drizzle-orm';
import { isLanguage } from '../../../../shared/i18n/languages';
import { translate } from '../../../../shared/i18n/translate';
import { screenPath } from '../common/screen-paths';
import type { Db } from '../../../db/client';
import { businessSubscriptions, users, type Business, type Product } from '../../../db/schema';
import type { Notifier } from '../../notifications/notifier';
import { localized } from '../common/catalog-context';

/** Where the SPA shows one product (the notification's link). */
export const productPath = (id: number) => screenPath('product', { id });

/**
 * Tells every follower of the business (except its owner) that a product was
 * published, in each follower's own language. Runs after the product is
 * committed, so the link never leads to a missing page.
 */
export async function notifySubscribers(db: Db, notifier: Notifier, business: Business, product: Product): Promise<number> {
  const followers = await db
    .select({ id: users.id, locale: users.locale })
    .from(businessSubscriptions)
    .innerJoin(users, eq(users.id, businessSubscriptions.userId))
    .where(and(eq(businessSubscriptions.businessId, business.id), ne(businessSubscriptions.userId, business.ownerId)));
  for (const follower of followers) {
    const lang = isLanguage(follower.locale) ? follower.locale : 'ru';
    await notifier.notify({
      userId: follower.id,
      type: 'product',
      title: translate(lang, 'catalog.notifications.productPublished', { business: localized(lang, business.name, business.nameEn) }),
      body: localized(lang, product.name, product.nameEn),
      data: { link: productPath(product.id), product_id: product.id, business_id: business.id },
    });
  }
  return followers.length;
}
