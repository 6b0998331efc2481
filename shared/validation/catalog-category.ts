import * as yup from 'yup';
import { CATALOG_NAME_MAX, nameRule, referenceRule, translationRule, wholeNumber } from './catalog-common';
import { msg } from './message';

export const CATEGORY_POSITION_MAX = 10_000;

/** A product category of a business (`/create/category/product`). */
export const categorySchema = yup.object({
  business_id: referenceRule(),
  name: nameRule(),
  name_en: translationRule(CATALOG_NAME_MAX),
  position: wholeNumber()
    .min(0, msg('validation.minimum', { min: 0 }))
    .max(CATEGORY_POSITION_MAX, msg('validation.maximum', { max: CATEGORY_POSITION_MAX }))
    .default(0),
});

/** On update the category stays in its business. */
export const categoryUpdateSchema = categorySchema.omit(['business_id']);

export type CategoryInput = yup.InferType<typeof categorySchema>;
