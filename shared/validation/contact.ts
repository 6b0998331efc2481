import * as yup from 'yup';
import { msg } from './message';

// A pragmatic address check: one @, a dot in the domain, no spaces. Same on both sides.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_DIGITS_RE = /^\+?\d{10,15}$/;

export const normalizeEmail = (value: string) => value.trim().toLowerCase();
/** `+7 (900) 000-00-00` → `+79000000000`; a leading 8 of a Russian number becomes +7. */
export function normalizePhone(value: string): string {
  let digits = value.replace(/[\s()-]/g, '');
  if (/^8\d{10}$/.test(digits)) digits = `+7${digits.slice(1)}`;
  if (!digits.startsWith('+')) digits = `+${digits}`;
  return digits;
}

export const isEmail = (value: string) => EMAIL_RE.test(value.trim());
export const isPhone = (value: string) => PHONE_DIGITS_RE.test(value.replace(/[\s()-]/g, ''));

export type ContactKind = 'email' | 'phone';
export function contactKind(value: string): ContactKind | null {
  if (isEmail(value)) return 'email';
  if (isPhone(value)) return 'phone';
  return null;
}
export const normalizeContact = (value: string) =>
  contactKind(value) === 'phone' ? normalizePhone(value) : normalizeEmail(value);

export const emailRule = () =>
  yup
    .string()
    .trim()
    .max(255, msg('validation.maxLength', { max: 255 }))
    .test('email', msg('validation.email'), (v) => !v || isEmail(v));

export const phoneRule = () => yup.string().trim().test('phone', msg('validation.phone'), (v) => !v || isPhone(v));
