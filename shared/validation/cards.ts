import * as yup from 'yup';
import type { CardBrand } from '../api/order-values';
import { optionalTextRule } from './catalog-common';
import { msg } from './message';

/**
 * A card as typed into the form (/settings/cards/add, checkout) and as
 * `POST /v1/cards` reads it, before the number goes to the payment provider.
 */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn check digit: catches a mistyped digit and most swapped pairs. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^220[0-4]/.test(digits)) return 'mir';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** `MM/YY` (or `MM/YYYY`) → month and four-digit year, or null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export const isExpired = (month: number, year: number, now = new Date()) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

export const cardSchema = yup.object({
  number: yup
    .string()
    .required(msg('validation.required'))
    .test('digits', msg('cards.validation.number'), (v) => !v || /^\d{12,19}$/.test(cardDigits(v)))
    .test('luhn', msg('cards.validation.luhn'), (v) => !v || !/^\d{12,19}$/.test(cardDigits(v)) || passesLuhn(cardDigits(v))),
  expiry: yup
    .string()
    .required(msg('validation.required'))
    .test('format', msg('cards.validation.expiryFormat'), (v) => !v || parseExpiry(v) !== null)
    .test('future', msg('cards.validation.expired'), (v) => {
      const parsed = v ? parseExpiry(v) : null;
      return !parsed || !isExpired(parsed.month, parsed.year);
    }),
  cvc: yup
    .string()
    .required(msg('validation.required'))
    .test('cvc', msg('cards.validation.cvc'), (v) => !v || /^\d{3,4}$/.test(v)),
  holder: optionalTextRule(100),
});
export type CardInput = yup.InferType<typeof cardSchema>;
