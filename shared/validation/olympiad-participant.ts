import * as yup from 'yup';
import type { Language } from '../i18n/languages';
import { isEmail } from './contact';
import { msg } from './message';
import { isEligibleAge, olympiadToday, parseBirthDate, type CalendarDate } from './olympiad-dates';
import { CATEGORIES, REFERRAL_SOURCES, SEXES } from './olympiad-options';
import { containsProfanity } from './profanity';

/**
 * The olympiad's registration and profile rules (SPEC §3, §5), written once
 * for the form and the server. The date of birth is read in the language's
 * order, so the schema is built for a language (and, in tests, a date).
 */
export const LOGIN_MIN = 3;
export const LOGIN_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 255;
export const PLACE_MAX = 100;
export const SCHOOL_MAX = 255;
export const LINK_MAX = 255;
export const EMAIL_MAX = 255;

// Latin only: a login must not be spoofable with Cyrillic look-alikes ("student" vs "ѕtudent"), and never holds "@".
const LOGIN_RE = /^[A-Za-z][A-Za-z0-9._-]*$/;
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
const PLACE_RE = /^[\p{L}\p{M}][\p{L}\p{M}\p{N} '’.,()-]*$/u;

// U+034F joins characters, so it stands outside the class.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]|\u034F/g;
const ODD_SPACES = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/** Text as a person meant it: invisible characters gone, any run of spaces (tabs, no-break spaces) one space, ends trimmed. */
export const cleanText = (value: string) => value.replace(INVISIBLE, '').replace(ODD_SPACES, ' ').trim();

/** A password made only of spaces or invisible characters is blank; otherwise it is taken exactly as typed. */
const onlySpaces = (value: string | undefined) => !!value && cleanText(value) === '';

/** `vk.com/name` or `https://vk.com/name`: an http(s) address with a real host name. */
export function normalizeLink(value: string): string | null {
  const text = value.trim();
  if (!text || /\s/.test(text)) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname) || url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

const text = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .transform((value: unknown) => (typeof value === 'string' ? cleanText(value) : value));
const requiredText = () => text().required(msg('validation.blank'));
// A test, not oneOf(): yup checks oneOf before `required`, and an empty choice must read "There are blank fields.".
const choice = (options: readonly string[]) =>
  requiredText().test('choice', msg('validation.enum'), (v) => !v || options.includes(v));
const decent = (value: string | undefined) => !containsProfanity(value);
const PROFANITY = msg('olympiad.validation.profanity');

export interface OlympiadRuleContext {
  lang: Language;
  /** The registration date for the age rule; the Moscow date today when left out. */
  today?: CalendarDate;
}

export function participantFieldRules({ lang, today }: OlympiadRuleContext) {
  const day = today ?? olympiadToday();
  return {
    login: requiredText()
      .min(LOGIN_MIN, msg('validation.minLength', { min: LOGIN_MIN }))
      .max(LOGIN_MAX, msg('validation.maxLength', { max: LOGIN_MAX }))
      .test('profanity', PROFANITY, decent)
      .matches(LOGIN_RE, { message: msg('olympiad.validation.loginFormat'), excludeEmptyString: true }),
    email: requiredText()
      .max(EMAIL_MAX, msg('validation.maxLength', { max: EMAIL_MAX }))
      .test('email', msg('validation.email'), (v) => !v || isEmail(v)),
    full_name: requiredText()
      .max(FULL_NAME_MAX, msg('olympiad.validation.fullNameLong', { max: FULL_NAME_MAX }))
      // Swear words first: "Пи3дюк" is refused for what it says, not for its digit.
      .test('profanity', PROFANITY, decent)
      .matches(NAME_RE, { message: msg('olympiad.validation.fullNameLetters'), excludeEmptyString: true })
      .test('two-words', msg('olympiad.validation.fullNameWords'), (v) => !v || v.split(' ').filter((w) => /\p{L}/u.test(w)).length >= 2),
    birth_date: requiredText().test('birth-date', msg('olympiad.validation.birthDateFormat'), function check(value) {
      if (!value) return true;
      const date = parseBirthDate(value, lang);
      if (!date) return this.createError({ message: msg('olympiad.validation.birthDateFormat') });
      if (!isEligibleAge(date, day)) return this.createError({ message: msg('olympiad.validation.age') });
      return true;
    }),
    sex: choice(SEXES),
    country: requiredText()
      .max(PLACE_MAX, msg('validation.maxLength', { max: PLACE_MAX }))
      .test('profanity', PROFANITY, decent)
      .matches(PLACE_RE, { message: msg('olympiad.validation.placeLetters'), excludeEmptyString: true }),
    city: requiredText()
      .max(PLACE_MAX, msg('validation.maxLength', { max: PLACE_MAX }))
      .test('profanity', PROFANITY, decent)
      .matches(PLACE_RE, { message: msg('olympiad.validation.placeLetters'), excludeEmptyString: true }),
    school: requiredText()
      .max(SCHOOL_MAX, msg('validation.maxLength', { max: SCHOOL_MAX }))
      .test('profanity', PROFANITY, decent),
    social_link: text()
      .default('')
      .max(LINK_MAX, msg('validation.maxLength', { max: LINK_MAX }))
      .test('link', msg('olympiad.validation.link'), (v) => !v || normalizeLink(v) !== null),
    referral_source: choice(REFERRAL_SOURCES),
    category: choice(CATEGORIES),
  };
}

export const passwordRule = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .required(msg('validation.blank'))
    .test('blank', msg('validation.blank'), (v) => !onlySpaces(v))
    .min(PASSWORD_MIN, msg('olympiad.validation.passwordShort'))
    .max(PASSWORD_MAX, msg('validation.maxLength', { max: PASSWORD_MAX }));

export const passwordConfirmationRule = (field = 'password') =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .required(msg('validation.blank'))
    .test('blank', msg('validation.blank'), (v) => !onlySpaces(v))
    .test('same', msg('olympiad.validation.passwordsDiffer'), function same(value) {
      const original = this.parent?.[field] as string | undefined;
      return !value || onlySpaces(value) || value === original;
    });

/** Registration: every field of SPEC §3 and the accepted agreement. */
export function registrationSchema(context: OlympiadRuleContext) {
  return yup.object({
    ...participantFieldRules(context),
    password: passwordRule(),
    password_confirmation: passwordConfirmationRule(),
    agreement: yup
      .boolean()
      .typeError(msg('olympiad.validation.agreement'))
      .required(msg('olympiad.validation.agreement'))
      .oneOf([true], msg('olympiad.validation.agreement')),
  });
}

/** The account's two edit forms split the same rules: who the participant is, and where they study. */
export const PERSONAL_FIELDS = ['login', 'email', 'full_name', 'birth_date', 'sex'] as const;
export const PROFILE_FIELDS = ['country', 'city', 'school', 'social_link', 'referral_source', 'category'] as const;

function pick<T extends Record<string, unknown>, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

export const personalDataSchema = (context: OlympiadRuleContext) => yup.object(pick(participantFieldRules(context), PERSONAL_FIELDS));
export const profileDataSchema = (context: OlympiadRuleContext) => yup.object(pick(participantFieldRules(context), PROFILE_FIELDS));

export type RegistrationInput = yup.InferType<ReturnType<typeof registrationSchema>>;
export type PersonalDataInput = yup.InferType<ReturnType<typeof personalDataSchema>>;
export type ProfileDataInput = yup.InferType<ReturnType<typeof profileDataSchema>>;
