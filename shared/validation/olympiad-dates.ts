import type { Language } from '../i18n/languages';

/** SPEC §5: the date of birth is typed month first in English and day first in Russian. */
export const BIRTH_DATE_PATTERNS: Record<Language, 'DD.MM.YYYY' | 'MM.DD.YYYY'> = { ru: 'DD.MM.YYYY', en: 'MM.DD.YYYY' };

/** The olympiad runs in Moscow: "today" for the age rule is the Moscow date, the same on the server and in every browser. */
export const OLYMPIAD_TIME_ZONE = 'Europe/Moscow';

export const MIN_AGE = 10;
export const MAX_AGE = 18;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) => [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];

export function isCalendarDate({ year, month, day }: CalendarDate): boolean {
  return (
    Number.isInteger(year) && year >= 1900 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)
  );
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

export const toIsoDate = ({ year, month, day }: CalendarDate) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

export function fromIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isCalendarDate(date) ? date : null;
}

/**
 * Reads a date of birth typed in the language's order (DD.MM.YYYY or
 * MM.DD.YYYY) or sent as ISO (YYYY-MM-DD); null when it is neither or the
 * day does not exist (31.02).
 */
export function parseBirthDate(value: string, lang: Language): CalendarDate | null {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return fromIsoDate(text);
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = BIRTH_DATE_PATTERNS[lang] === 'DD.MM.YYYY' ? { year, month: second, day: first } : { year, month: first, day: second };
  return isCalendarDate(date) ? date : null;
}

/** An ISO date shown the way the language types it. */
export function formatBirthDate(iso: string, lang: Language): string {
  const date = fromIsoDate(iso);
  if (!date) return iso;
  return BIRTH_DATE_PATTERNS[lang] === 'DD.MM.YYYY'
    ? `${pad(date.day)}.${pad(date.month)}.${date.year}`
    : `${pad(date.month)}.${pad(date.day)}.${date.year}`;
}

/** The calendar date in a time zone at a moment (by default: now). */
export function dateIn(timeZone: string, at: Date = new Date()): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

export const olympiadToday = (at: Date = new Date()) => dateIn(OLYMPIAD_TIME_ZONE, at);

/**
 * Full years on `today`. A 29 February birthday falls on 28 February in
 * other years (the Russian Civil Code's rule for a term ending in a month
 * without that day).
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const birthdayDay = birth.month === 2 && birth.day === 29 && !isLeap(today.year) ? 28 : birth.day;
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birthdayDay);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

/** SPEC §9: participants are 10 to 18 on the registration date (10 on the 10th birthday, no longer 18 on the 19th). */
export const isEligibleAge = (birth: CalendarDate, today: CalendarDate) => {
  const age = ageOn(birth, today);
  return age >= MIN_AGE && age <= MAX_AGE;
};
