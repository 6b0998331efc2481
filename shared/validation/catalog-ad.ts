import * as yup from 'yup';
import { AD_CONDITIONS } from '../api/catalog-values';
import {
  CATALOG_DESCRIPTION_MAX,
  CATALOG_NAME_MAX,
  currencyRule,
  descriptionRule,
  imageIdsRule,
  nameRule,
  optionalPriceRule,
  referenceRule,
  statusRule,
  translationRule,
} from './catalog-common';
import { msg } from './message';

export const AD_LOCATION_MAX = 120;

/** An ad (`/create/ad`, `POST /v1/ads`, `POST /v1/ads/{id}`). A null price reads "price on request". */
export const adSchema = yup.object({
  category_id: referenceRule(),
  title: nameRule(),
  title_en: translationRule(CATALOG_NAME_MAX),
  description: descriptionRule(),
  description_en: translationRule(CATALOG_DESCRIPTION_MAX),
  price: optionalPriceRule(),
  currency: currencyRule(),
  location: yup
    .string()
    .trim()
    .max(AD_LOCATION_MAX, msg('validation.maxLength', { max: AD_LOCATION_MAX }))
    .default(''),
  location_en: translationRule(AD_LOCATION_MAX),
  condition: yup
    .string()
    .oneOf([...AD_CONDITIONS], msg('validation.enum'))
    .nullable()
    .transform((value: string | null) => (value ? value : null))
    .default(null),
  image_ids: imageIdsRule(),
  status: statusRule(),
});

export type AdInput = yup.InferType<typeof adSchema>;
