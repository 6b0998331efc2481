import { and, desc, eq } from 'drizzle-orm';
import type { BannerLinkOption } from '../../../shared/api/seller-banners';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import { bannerLink, type BannerLinkKind } from '../../../shared/validation/seller-banners';
import type { Db } from '../../db/client';
import { ads, businesses, products } from '../../db/schema';
import { localized } from '../catalog/common/catalog-context';
import { publicAd, publicBusiness, publicProduct } from '../catalog/common/public-items';

/** How many products and ads the form lists (the newest): a list to pick from, not a catalogue. */
const LIST_LIMIT = 200;

/**
 * The seller's own pages a banner may lead to: their businesses, the public (published and let through by moderation) products and
 * services of those businesses, their published ads, and their own public page. A buyer who
 * follows a banner must land on something that exists and belongs to whoever paid for it.
 */
export function ownPages(db: Db) {
  return {
    /** Whether `kind`/`id` is one of `userId`'s pages that buyers can open. */
    async owns(userId: number, target: { kind: BannerLinkKind; id: number }): Promise<boolean> {
      switch (target.kind) {
        case 'user':
          return target.id === userId;
        case 'business': {
          const rows = await db.select({ id: businesses.id }).from(businesses).where(and(eq(businesses.id, target.id), eq(businesses.ownerId, userId), publicBusiness));
          return rows.length > 0;
        }
        case 'product': {
          const rows = await db
            .select({ id: products.id })
            .from(products)
            .innerJoin(businesses, eq(businesses.id, products.businessId))
            .where(and(eq(products.id, target.id), publicProduct, eq(businesses.ownerId, userId)));
          return rows.length > 0;
        }
        case 'ad': {
          const rows = await db.select({ id: ads.id }).from(ads).where(and(eq(ads.id, target.id), publicAd, eq(ads.userId, userId)));
          return rows.length > 0;
        }
      }
    },

    /** Every page `owns` accepts (products and ads: the newest LIST_LIMIT), named in the reader's language. */
    async list(userId: number, lang: Language): Promise<BannerLinkOption[]> {
      const [stores, goods, own] = await Promise.all([
        db.select({ id: businesses.id, name: businesses.name, nameEn: businesses.nameEn }).from(businesses).where(and(eq(businesses.ownerId, userId), publicBusiness)).orderBy(businesses.id),
        db
          .select({ id: products.id, name: products.name, nameEn: products.nameEn })
          .from(products)
          .innerJoin(businesses, eq(businesses.id, products.businessId))
          .where(and(eq(businesses.ownerId, userId), publicProduct))
          .orderBy(desc(products.id))
          .limit(LIST_LIMIT),
        db
          .select({ id: ads.id, title: ads.title, titleEn: ads.titleEn })
          .from(ads)
          .where(and(eq(ads.userId, userId), publicAd))
          .orderBy(desc(ads.id))
          .limit(LIST_LIMIT),
      ]);
      return [
        { kind: 'user' as const, link: bannerLink('user', userId), label: translate(lang, 'sellerBanners.links.myPage') },
        ...stores.map((b) => ({ kind: 'business' as const, link: bannerLink('business', b.id), label: localized(lang, b.name, b.nameEn) })),
        ...goods.map((p) => ({ kind: 'product' as const, link: bannerLink('product', p.id), label: localized(lang, p.name, p.nameEn) })),
        ...own.map((a) => ({ kind: 'ad' as const, link: bannerLink('ad', a.id), label: localized(lang, a.title, a.titleEn) })),
      ];
    },
  };
}
