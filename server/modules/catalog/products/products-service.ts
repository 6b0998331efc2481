import type { ProductBody } from '../../../../shared/api/catalog-products';
import { productSchema, type ProductInput } from '../../../../shared/validation/catalog-product';
import type { Db } from '../../../db/client';
import type { Business, NewProduct, Product } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/http-error';
import { validateShared } from '../../../lib/shared-schema';
import type { Notifier } from '../../notifications/notifier';
import { changedAny, moderationOnWrite } from '../../admin-moderation/moderation-submission';
import { ownedReferences, throwIfAny } from '../common/owned-references';
import { notifySubscribers } from './product-publication';
import { productsRepository } from './products-repository';

function columnsOf(input: ProductInput): Omit<NewProduct, 'businessId'> {
  const service = input.kind === 'service';
  return {
    kind: input.kind as Product['kind'],
    categoryId: input.category_id ?? null,
    name: input.name,
    nameEn: input.name_en ?? null,
    description: input.description,
    descriptionEn: input.description_en ?? null,
    price: input.price,
    discountPercent: input.discount_percent,
    currency: input.currency,
    // A service has no stock; a good has no duration.
    stock: service ? null : (input.stock ?? null),
    durationMinutes: service ? (input.duration_minutes ?? null) : null,
    imageIds: input.image_ids,
    status: input.status as Product['status'],
  };
}

/**
 * Creating and changing products: the shared rules, then the references
 * (business ownership → 403, category and images → 422), then one write;
 * followers hear about a product the first time it is published.
 */
export function productsService(db: Db, notifier: Notifier) {
  const repository = productsRepository(db);
  const references = ownedReferences(db);

  async function checkReferences(userId: number, business: Business, input: ProductInput, attached: string[] = []) {
    throwIfAny(
      await references.categoryProblem(business.id, input.category_id ?? null),
      await references.imageProblem(userId, input.image_ids, 'image_ids', attached),
    );
  }

  async function announce(business: Business, product: Product) {
    await notifySubscribers(db, notifier, business, product);
  }

  return {
    async create(userId: number, body: ProductBody, defaultKind: 'product' | 'service' = 'product'): Promise<Product> {
      const input = await validateShared(productSchema, { kind: defaultKind, ...body });
      const business = await references.ownBusiness(userId, input.business_id);
      await checkReferences(userId, business, input);
      const published = input.status === 'published';
      const moderation = await moderationOnWrite(db, 'products', null, true);
      const product = await repository.create({ ...columnsOf(input), businessId: business.id, publishedAt: published ? new Date() : null, ...moderation });
      // Followers hear only of what they can open: not of a product hidden by moderation.
      if (published && product.moderationPublic) await announce(business, product);
      return product;
    },

    async update(userId: number, id: number, body: Omit<ProductBody, 'business_id'> & { business_id?: number }): Promise<Product> {
      const found = await repository.find(id);
      if (!found) throw notFound();
      if (found.ownerId !== userId) throw forbidden();
      const current = found.product;
      // A product stays in its business; the body's business_id is not a move.
      const input = await validateShared(productSchema, { kind: current.kind, ...body, business_id: current.businessId });
      const business = await references.ownBusiness(userId, current.businessId);
      await checkReferences(userId, business, input, current.imageIds);
      const firstPublication = input.status === 'published' && !current.publishedAt;
      const columns = columnsOf(input);
      const content = changedAny(current, columns, ['name', 'nameEn', 'description', 'descriptionEn', 'imageIds']);
      const moderation = await moderationOnWrite(db, 'products', current, content);
      const product = await repository.update(id, { ...columns, ...(firstPublication ? { publishedAt: new Date() } : {}), ...moderation });
      if (firstPublication && product.moderationPublic) await announce(business, product);
      return product;
    },

    async remove(userId: number, id: number): Promise<void> {
      const found = await repository.find(id);
      if (!found) throw notFound();
      if (found.ownerId !== userId) throw forbidden();
      await repository.remove(id);
    },
  };
}
