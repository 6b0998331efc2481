import { eq } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { Db } from '../../db/client';
import { users, type Banner } from '../../db/schema';
import type { Notifier } from '../notifications/notifier';

/**
 * Tells a seller how their banner was decided, in their own language: a `banner_moderated`
 * notification stored in the deciding transaction and published (`NotificationSent`) once it
 * has committed, which also makes their list of banners read again.
 */
export function bannerAnnouncer(notifier: Notifier) {
  return {
    async store(tx: Db, banner: Banner): Promise<() => void> {
      if (banner.ownerId === null || banner.status === 'moderation') return () => undefined;
      const [owner] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, banner.ownerId));
      if (!owner) return () => undefined;
      const lang: Language = owner.locale === 'en' ? 'en' : 'ru';
      const values = { title: banner.title, reason: banner.rejectionReason ?? '' };
      const prefix = `sellerBanners.notice.${banner.status}`;
      const stored = await notifier.store(tx, [
        {
          userId: banner.ownerId,
          type: 'banner_moderated',
          title: translate(lang, `${prefix}.title`, values),
          body: translate(lang, `${prefix}.body`, values),
          data: { banner_id: banner.id, status: banner.status },
        },
      ]);
      return () => stored.publish();
    },
  };
}

export type BannerAnnouncer = ReturnType<typeof bannerAnnouncer>;
