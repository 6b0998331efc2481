import * as yup from 'yup';
import { PRODUCT_KINDS } from '../api/catalog-values';
import {
  currencyRule,
  descriptionRule,
  CATALOG_DESCRIPTION_MAX,
  CATALOG_NAME_MAX,
  imageIdsRule,
  nameRule,
  percentRule,
  priceRule,
  referenceRule,
  statusRule,
  STOCK_MAX,
  translationRule,
  wholeNumber,
} from './catalog-common';
import { msg } from './message';

export const DURATION_MAX_MINUTES = 7 * 24 * 60;

/**
 * A product or a service (`kind`). The forms `/create/product` and
 * `/create/service` use the same rules; the server applies them to
 * `POST /v1/products` and `POST /v1/products/{id}`.
 */
export const productSchema = yup.object({
  business_id: referenceRule(),
  kind: yup.string().oneOf([...PRODUCT_KINDS], msg('validation.enum')).default('product'),
  category_id: yup
    .number()
    .typeError(msg('catalog.validation.choose'))
    .integer(msg('catalog.validation.choose'))
    .min(1, msg('catalog.validation.choose'))
    .nullable()
    .default(null),
  name: nameRule(),
  name_en: translationRule(CATALOG_NAME_MAX),
  description: descriptionRule(),
  description_en: translationRule(CATALOG_DESCRIPTION_MAX),
  price: priceRule(),
  discount_percent: percentRule(),
  currency: currencyRule(),
  stock: wholeNumber()
    .min(0, msg('catalog.validation.stockRange', { max: STOCK_MAX }))
    .max(STOCK_MAX, msg('catalog.validation.stockRange', { max: STOCK_MAX }))
    .nullable()
    .default(null),
  duration_minutes: wholeNumber()
    .min(1, msg('catalog.validation.durationRange', { max: DURATION_MAX_MINUTES }))
    .max(DURATION_MAX_MINUTES, msg('catalog.validation.durationRange', { max: DURATION_MAX_MINUTES }))
    .nullable()
    .default(null),
  image_ids: imageIdsRule(),
  status: statusRule(),
});

export type ProductInput = yup.InferType<typeof productSchema>;
