import * as yup from 'yup';
import { CATALOG_STATUSES, CURRENCIES, DEFAULT_CURRENCY } from '../api/catalog-values';
import { msg } from './message';

/**
 * Rules every catalogue form shares with the server. Messages are catalogue
 * keys, so the form and the 422 answer show the same words.
 */
export const CATALOG_NAME_MIN = 2;
export const CATALOG_NAME_MAX = 120;
export const CATALOG_DESCRIPTION_MAX = 5000;
/** 100 million in major units: far above any real price, far below 2^53. */
export const PRICE_MAX = 10_000_000_000;
export const DISCOUNT_MAX = 100;
export const STOCK_MAX = 1_000_000;
export const IMAGES_MAX = 10;

const required = msg('validation.required');

export const nameRule = () =>
  yup
    .string()
    .trim()
    .required(required)
    // An empty field gets the "required" message alone.
    .test('min', msg('validation.minLength', { min: CATALOG_NAME_MIN }), (value) => !value || value.length >= CATALOG_NAME_MIN)
    .max(CATALOG_NAME_MAX, msg('validation.maxLength', { max: CATALOG_NAME_MAX }));

/** Optional text of at most `max` characters, trimmed; an empty field is null. */
export const optionalTextRule = (max: number) =>
  yup
    .string()
    .trim()
    .max(max, msg('validation.maxLength', { max }))
    .nullable()
    .transform((value: string | null) => (value ? value : null))
    .default(null);

/** The English translation: optional; an empty field means "no translation". */
export const translationRule = optionalTextRule;

export const descriptionRule = () =>
  yup
    .string()
    .trim()
    .max(CATALOG_DESCRIPTION_MAX, msg('validation.maxLength', { max: CATALOG_DESCRIPTION_MAX }))
    .default('');

/**
 * A whole number; typed text counts only as plain decimal digits (a fraction
 * is a number, then refused as not whole). yup alone reads "0x10" as 16 and
 * "1e3" as 1000, which the API refuses (server/lib/text-fields.ts): the form
 * says so first, in the same words as any other non-number.
 */
export const wholeNumber = () =>
  yup
    .number()
    .transform((value: number, typed: unknown) => (typeof typed === 'string' && !/^-?\d+(\.\d+)?$/.test(typed.trim()) ? Number.NaN : value))
    .typeError(msg('catalog.validation.number'))
    .integer(msg('catalog.validation.integer'));

/** Minor units (kopecks): a whole number from 0. */
export const priceRule = () =>
  wholeNumber()
    .required(required)
    .min(0, msg('catalog.validation.priceNegative'))
    .max(PRICE_MAX, msg('catalog.validation.priceTooHigh'));

export const optionalPriceRule = () =>
  wholeNumber()
    .nullable()
    .default(null)
    .min(0, msg('catalog.validation.priceNegative'))
    .max(PRICE_MAX, msg('catalog.validation.priceTooHigh'));

export const percentRule = () =>
  wholeNumber()
    .default(0)
    .min(0, msg('catalog.validation.percentRange', { max: DISCOUNT_MAX }))
    .max(DISCOUNT_MAX, msg('catalog.validation.percentRange', { max: DISCOUNT_MAX }));

export const currencyRule = () =>
  yup.string().oneOf([...CURRENCIES], msg('validation.enum')).default(DEFAULT_CURRENCY);

/** Only `draft` or `published` when creating; `archived` withdraws an item later. */
export const statusRule = () =>
  yup.string().oneOf([...CATALOG_STATUSES], msg('validation.enum')).default('published');

export const referenceRule = () => wholeNumber().typeError(msg('catalog.validation.choose')).required(msg('catalog.validation.choose')).min(1, msg('catalog.validation.choose'));

/** One optional image (a logo, a cover): an empty field means "none", never an id that cannot exist. */
export const optionalImageIdRule = () =>
  yup
    .string()
    .trim()
    .nullable()
    .transform((value: string | null) => (value ? value : null))
    .default(null);

export const imageIdsRule = () =>
  yup
    .array(yup.string().trim().required(required))
    .max(IMAGES_MAX, msg('catalog.validation.tooManyImages', { max: IMAGES_MAX }))
    .default([])
    .test('unique', msg('catalog.validation.duplicateImage'), (ids) => !ids || new Set(ids).size === ids.length);
