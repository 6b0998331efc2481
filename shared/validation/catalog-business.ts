import * as yup from 'yup';
import { BUSINESS_KINDS, WEEKDAYS, type Weekday } from '../api/catalog-values';
import {
  CATALOG_DESCRIPTION_MAX,
  CATALOG_NAME_MAX,
  descriptionRule,
  nameRule,
  optionalImageIdRule,
  percentRule,
  referenceRule,
  translationRule,
} from './catalog-common';
import { msg } from './message';

export const ADDRESS_MAX = 255;
export const BUSINESS_PHONE_MAX = 32;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const PHONE_RE = /^\+?[\d\s()-]{5,32}$/;

const timeRule = () => yup.string().trim().required(msg('validation.required')).matches(TIME_RE, { message: msg('catalog.validation.time') });

/** One day: both times `HH:MM`, different; null (or absent) means closed. */
const dayRule = () =>
  yup
    .object({ open: timeRule(), close: timeRule() })
    .nullable()
    .default(null)
    .test('different', msg('catalog.validation.sameTimes'), (day) => !day || day.open !== day.close);

export const workingHoursRule = () =>
  yup
    .object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayRule()])) as Record<Weekday, ReturnType<typeof dayRule>>)
    .noUnknown(true, msg('validation.unknownField'))
    .default(() => Object.fromEntries(WEEKDAYS.map((day) => [day, null])));

/** A business (`/create/business`, `POST /v1/business`, `POST /v1/business/{id}`). */
export const businessSchema = yup.object({
  kind: yup.string().required(msg('validation.required')).oneOf([...BUSINESS_KINDS], msg('validation.enum')),
  category_id: referenceRule(),
  name: nameRule(),
  name_en: translationRule(CATALOG_NAME_MAX),
  description: descriptionRule(),
  description_en: translationRule(CATALOG_DESCRIPTION_MAX),
  address: yup
    .string()
    .trim()
    .required(msg('validation.required'))
    .max(ADDRESS_MAX, msg('validation.maxLength', { max: ADDRESS_MAX })),
  address_en: translationRule(ADDRESS_MAX),
  phone: yup
    .string()
    .trim()
    .default('')
    .test('phone', msg('validation.phone'), (value) => !value || PHONE_RE.test(value)),
  working_hours: workingHoursRule(),
  logo_image_id: optionalImageIdRule(),
  cover_image_id: optionalImageIdRule(),
  delivery_discount_percent: percentRule(),
});

export type BusinessInput = yup.InferType<typeof businessSchema>;
