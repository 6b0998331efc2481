import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { BannerResource } from '../../../../shared/api/catalog-ads';
import type { BannerPlacement } from '../../../../shared/api/catalog-values';
import type { Db } from '../../../db/client';
import { banners } from '../../../db/schema';
import { localized, type CatalogContext } from '../common/catalog-context';
import { imagesRepository } from '../common/images-repository';
import { rotateBanners } from '../../banners/fair-rotation';

/**
 * Banners shown now: approved by a moderator (house banners are approved from the start), active,
 * started (or no start) and not ended; on `turn` the sellers take turns at the first place
 * (`fair-rotation.ts`), house banners in their staff-given order.
 */
export async function activeBanners(db: Db, placement: BannerPlacement, ctx: CatalogContext, turn = 0): Promise<BannerResource[]> {
  const now = new Date();
  const live = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.placement, placement),
        eq(banners.status, 'approved'),
        eq(banners.active, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id));
  const rows = rotateBanners(live, turn);
  const imageMap = await imagesRepository(db).resources(rows.map((row) => row.imageId), ctx.storage);
  return rows.map((row) => ({
    id: row.id,
    placement: row.placement,
    title: localized(ctx.lang, row.title, row.titleEn),
    subtitle: localized(ctx.lang, row.subtitle, row.subtitleEn),
    image: (row.imageId && imageMap.get(row.imageId)) || null,
    link: row.link,
    background: row.background,
  }));
}
