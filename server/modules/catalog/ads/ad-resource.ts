import type { AdResource } from '../../../../shared/api/catalog-ads';
import type { Db } from '../../../db/client';
import type { Ad } from '../../../db/schema';
import { notFound } from '../../../lib/http-error';
import { iso } from '../../../lib/serialize';
import { localized, type CatalogContext } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { imagesRepository } from '../common/images-repository';

/** The offer page of an ad. */
export async function adResource(db: Db, ad: Ad, ctx: CatalogContext): Promise<AdResource> {
  const [cardMap, imageMap] = await Promise.all([catalogCards(db).adCards([ad.id], ctx), imagesRepository(db).resources(ad.imageIds, ctx.storage)]);
  const card = cardMap.get(ad.id);
  if (!card) throw notFound();
  return {
    ...card,
    description: localized(ctx.lang, ad.description, ad.descriptionEn),
    images: ad.imageIds.flatMap((id) => (imageMap.has(id) ? [imageMap.get(id)!] : [])),
    image_ids: ad.imageIds,
    can_edit: ctx.viewerId === ad.userId,
    texts: {
      name: ad.title,
      name_en: ad.titleEn,
      description: ad.description,
      description_en: ad.descriptionEn,
      location: ad.location,
      location_en: ad.locationEn,
    },
    updated_at: iso(ad.updatedAt),
  };
}
