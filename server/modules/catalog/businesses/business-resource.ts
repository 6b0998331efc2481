import { eq } from 'drizzle-orm';
import type { BusinessResource } from '../../../../shared/api/catalog-businesses';
import type { Db } from '../../../db/client';
import { users, type Business } from '../../../db/schema';
import { notFound } from '../../../lib/http-error';
import { iso } from '../../../lib/serialize';
import { localized, type CatalogContext } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { categoriesRepository } from '../products/categories-repository';
import { productsRepository } from '../products/products-repository';

/** The store page. Its owner also sees counts and categories that include drafts. */
export async function businessResource(db: Db, business: Business, ctx: CatalogContext): Promise<BusinessResource> {
  const isOwner = ctx.viewerId === business.ownerId;
  const [cardMap, [owner], categories, counts] = await Promise.all([
    catalogCards(db).businessCards([business.id], ctx),
    db.select({ id: users.id, name: users.name, image: users.image }).from(users).where(eq(users.id, business.ownerId)),
    categoriesRepository(db).list([business.id], ctx.lang, isOwner),
    productsRepository(db).countByStatus(business.id, isOwner ? ['draft', 'published', 'archived'] : 'public'),
  ]);
  const card = cardMap.get(business.id);
  if (!card || !owner) throw notFound();
  return {
    ...card,
    description: localized(ctx.lang, business.description, business.descriptionEn),
    phone: business.phone,
    working_hours: business.workingHours,
    owner,
    categories,
    products_count: counts.products,
    services_count: counts.services,
    can_edit: isOwner,
    texts: {
      name: business.name,
      name_en: business.nameEn,
      description: business.description,
      description_en: business.descriptionEn,
      address: business.address,
      address_en: business.addressEn,
    },
    logo_image_id: business.logoImageId,
    cover_image_id: business.coverImageId,
    updated_at: iso(business.updatedAt),
  };
}
