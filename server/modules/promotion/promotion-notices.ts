import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import { users, type AdSubscription } from '../../db/schema';
import { localized } from '../catalog/common/catalog-context';
import { screenPath } from '../catalog/common/screen-paths';
import { targetOf, targetsOf } from './promotion-targets';

export type PromotionNotice = 'ending' | 'expired';

/**
 * Tells the seller, in their language, that a promotion ends within a day or has ended: stored as a
 * notification and published live (`NotificationSent`) like every other. Never throws: the move stands.
 */
export async function noticeToSeller(app: FastifyInstance, s: AdSubscription, notice: PromotionNotice): Promise<void> {
  try {
    const [[seller], targets] = await Promise.all([
      app.db.select({ locale: users.locale }).from(users).where(eq(users.id, s.userId)),
      targetsOf(app.db, [targetOf(s)]),
    ]);
    const lang: Language = isLanguage(seller?.locale) ? seller.locale : 'ru';
    const ref = targetOf(s);
    const target = targets.get(`${ref.kind}:${ref.id}`);
    const title = target ? localized(lang, target.title, target.titleEn) : `#${ref.id}`;
    await app.notifier.notify({
      userId: s.userId,
      type: 'promotion',
      title: translate(lang, `promotion.notifications.${notice}Title`),
      body: translate(lang, `promotion.notifications.${notice}Body`, { title }),
      data: { subscription_id: s.id, status: s.status, link: `${screenPath('seller-promotion-plan-status')}?id=${s.id}` },
    });
  } catch (err) {
    app.log.error({ err, subscriptionId: s.id }, 'promotion notice failed');
  }
}
