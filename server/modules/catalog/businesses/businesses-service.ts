import type { BusinessBody } from '../../../../shared/api/catalog-businesses';
import { businessSchema, type BusinessInput } from '../../../../shared/validation/catalog-business';
import { msg } from '../../../../shared/validation/message';
import type { FieldErrors } from '../../../../shared/validation/run-schema';
import type { Db } from '../../../db/client';
import type { Business, NewBusiness, StoredWorkingHours } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/http-error';
import { validateShared } from '../../../lib/shared-schema';
import { changedAny, moderationOnWrite } from '../../admin-moderation/moderation-submission';
import { ownedReferences, throwIfAny } from '../common/owned-references';
import { businessesRepository } from './businesses-repository';

function columnsOf(input: BusinessInput): Omit<NewBusiness, 'ownerId'> {
  return {
    kind: input.kind as Business['kind'],
    categoryId: input.category_id,
    name: input.name,
    nameEn: input.name_en ?? null,
    description: input.description,
    descriptionEn: input.description_en ?? null,
    address: input.address,
    addressEn: input.address_en ?? null,
    phone: input.phone,
    workingHours: input.working_hours as StoredWorkingHours,
    logoImageId: input.logo_image_id ?? null,
    coverImageId: input.cover_image_id ?? null,
    deliveryDiscountPercent: input.delivery_discount_percent,
  };
}

/** Creating and changing businesses: shared rules, then references (category of the same kind, own images). */
export function businessesService(db: Db) {
  const repository = businessesRepository(db);
  const references = ownedReferences(db);

  async function check(userId: number, input: BusinessInput, current?: Business) {
    const category = await repository.category(input.category_id);
    const categoryProblem: FieldErrors = !category
      ? { category_id: [msg('catalog.validation.categoryNotFound')] }
      : category.kind !== input.kind
        ? { category_id: [msg('catalog.validation.categoryKind')] }
        : {};
    const attached = [current?.logoImageId, current?.coverImageId].filter((id): id is string => Boolean(id));
    throwIfAny(
      categoryProblem,
      await references.imageProblem(userId, input.logo_image_id ? [input.logo_image_id] : [], 'logo_image_id', attached),
      await references.imageProblem(userId, input.cover_image_id ? [input.cover_image_id] : [], 'cover_image_id', attached),
    );
  }

  async function owned(userId: number, id: number): Promise<Business> {
    const business = await repository.find(id);
    if (!business) throw notFound();
    if (business.ownerId !== userId) throw forbidden();
    return business;
  }

  return {
    async create(userId: number, body: BusinessBody): Promise<Business> {
      const input = await validateShared(businessSchema, body);
      await check(userId, input);
      return repository.create({ ...columnsOf(input), ownerId: userId, ...(await moderationOnWrite(db, 'businesses', null, true)) });
    },

    async update(userId: number, id: number, body: BusinessBody): Promise<Business> {
      const current = await owned(userId, id);
      const input = await validateShared(businessSchema, body);
      await check(userId, input, current);
      const columns = columnsOf(input);
      const content = changedAny(current, columns, ['name', 'nameEn', 'description', 'descriptionEn', 'address', 'addressEn', 'logoImageId', 'coverImageId']);
      return repository.update(id, { ...columns, ...(await moderationOnWrite(db, 'businesses', current, content)) });
    },

    async remove(userId: number, id: number): Promise<void> {
      await owned(userId, id);
      await repository.remove(id);
    },
  };
}
