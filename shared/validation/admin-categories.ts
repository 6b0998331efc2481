import * as yup from 'yup';
import { CATEGORY_ICON_NAMES, CATEGORY_TYPES } from '../api/category-icon-values';
import { BUSINESS_KINDS } from '../api/catalog-values';
import { msg } from './message';

export const CATEGORY_NAME_MAX = 120;
export const CATEGORY_SLUG_MAX = 60;

/**
 * The slug of a category: its English name in lower case, every run of other characters one
 * hyphen ("Home & garden" → "home-garden"). Empty when the name has no Latin letter or digit.
 */
export function categorySlugOf(nameEn: string): string {
  return nameEn
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, CATEGORY_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

const nameRule = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .trim()
    .required(msg('validation.required'))
    .max(CATEGORY_NAME_MAX, msg('validation.maxLength', { max: CATEGORY_NAME_MAX }));

/** A category's names (both languages required) and icon; the same for ads' and businesses'. */
export const categoryFieldsSchema = yup.object({
  name: nameRule(),
  name_en: nameRule().test('slug', msg('admin.categories.errors.slugEmpty'), (value) => !value || categorySlugOf(value) !== ''),
  icon: yup.string().typeError(msg('validation.type')).required(msg('admin.categories.errors.icon')).oneOf(CATEGORY_ICON_NAMES, msg('admin.categories.errors.icon')),
});

/** A new category: its type, and for a business category its kind (which never changes after). */
export const categoryCreateSchema = categoryFieldsSchema.shape({
  type: yup.string().typeError(msg('validation.type')).required(msg('validation.required')).oneOf(CATEGORY_TYPES, msg('validation.type')),
  kind: yup
    .string()
    .nullable()
    .default(null)
    .when('type', {
      is: 'business',
      then: (rule) => rule.required(msg('admin.categories.errors.kind')).oneOf(BUSINESS_KINDS, msg('admin.categories.errors.kind')),
      otherwise: (rule) => rule.transform(() => null),
    }),
});

/** Where a category's ads or businesses go when it is merged: another category, never itself. */
export const categoryMergeSchema = (sourceId: number) =>
  yup.object({
    target_id: yup
      .number()
      .typeError(msg('admin.categories.errors.mergeTarget'))
      .integer(msg('admin.categories.errors.mergeTarget'))
      .required(msg('admin.categories.errors.mergeTarget'))
      .notOneOf([sourceId], msg('admin.categories.errors.mergeSelf')),
  });

export type CategoryFieldsInput = yup.InferType<typeof categoryFieldsSchema>;
export type CategoryCreateInput = yup.InferType<typeof categoryCreateSchema>;
