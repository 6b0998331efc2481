import { and, eq } from 'drizzle-orm';
import { msg } from '../../../../shared/validation/message';
import type { FieldErrors } from '../../../../shared/validation/run-schema';
import type { Db } from '../../../db/client';
import { businesses, productCategories, type Business } from '../../../db/schema';
import { forbidden, validationFailed } from '../../../lib/http-error';
import { imagesRepository } from './images-repository';

/**
 * The checks every catalogue write shares: the business must exist (422 on
 * the field) and be the caller's (403); a category must belong to it; images
 * must be the caller's own uploads (or seeded ones, or already on the item).
 */
export function ownedReferences(db: Db) {
  const imageRepo = imagesRepository(db);
  return {
    async ownBusiness(userId: number, businessId: number, field = 'business_id'): Promise<Business> {
      const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
      if (!business) throw validationFailed({ [field]: [msg('catalog.validation.businessNotFound')] });
      if (business.ownerId !== userId) throw forbidden();
      return business;
    },

    async categoryProblem(businessId: number, categoryId: number | null): Promise<FieldErrors> {
      if (categoryId === null) return {};
      const [found] = await db
        .select({ id: productCategories.id })
        .from(productCategories)
        .where(and(eq(productCategories.id, categoryId), eq(productCategories.businessId, businessId)))
        .limit(1);
      return found ? {} : { category_id: [msg('catalog.validation.categoryNotFound')] };
    },

    /** Problems with image ids, reported on `field` (`image_ids`, `logo_image_id`, …). */
    async imageProblem(userId: number, ids: string[], field: string, alreadyAttached: string[] = []): Promise<FieldErrors> {
      const wanted = ids.filter((id) => !alreadyAttached.includes(id));
      const usable = await imageRepo.usableBy(userId, wanted);
      return wanted.every((id) => usable.has(id)) ? {} : { [field]: [msg('catalog.validation.imageNotFound')] };
    },
  };
}

/** Throws one 422 with every field's problems together, so the form shows them all at once. */
export function throwIfAny(...problems: FieldErrors[]): void {
  const merged: FieldErrors = {};
  for (const problem of problems) for (const [field, list] of Object.entries(problem)) (merged[field] ??= []).push(...list);
  if (Object.keys(merged).length) throw validationFailed(merged);
}
