import type { ProductResource } from '../../../../shared/api/catalog-products';
import type { Db } from '../../../db/client';
import type { Product } from '../../../db/schema';
import { notFound } from '../../../lib/http-error';
import { iso } from '../../../lib/serialize';
import { localized, type CatalogContext } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { imagesRepository } from '../common/images-repository';

/** The product page: its card, plus every image, the description and the business card. */
export async function productResource(db: Db, product: Product, ownerId: number, ctx: CatalogContext): Promise<ProductResource> {
  const cards = catalogCards(db);
  const [cardMap, businessMap, imageMap] = await Promise.all([
    cards.productCards([product.id], ctx),
    cards.businessCards([product.businessId], ctx),
    imagesRepository(db).resources(product.imageIds, ctx.storage),
  ]);
  const card = cardMap.get(product.id);
  const business = businessMap.get(product.businessId);
  if (!card || !business) throw notFound();
  return {
    ...card,
    description: localized(ctx.lang, product.description, product.descriptionEn),
    images: product.imageIds.flatMap((id) => (imageMap.has(id) ? [imageMap.get(id)!] : [])),
    image_ids: product.imageIds,
    duration_minutes: product.durationMinutes,
    business,
    can_edit: ctx.viewerId === ownerId,
    texts: { name: product.name, name_en: product.nameEn, description: product.description, description_en: product.descriptionEn },
    updated_at: iso(product.updatedAt),
  };
}
