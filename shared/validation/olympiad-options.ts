/** The fixed choices of the olympiad's forms and tables (the database enums use them too). */
export const SEXES = ['male', 'female'] as const;
export const REFERRAL_SOURCES = ['school', 'friends', 'social', 'search', 'ads', 'other'] as const;
/** Age groups by school grade: 4–6, 7–9, 10–11 (and first-year college students of the same age). */
export const CATEGORIES = ['junior', 'middle', 'senior'] as const;
/** SPEC §3, §9: the four stages in their order. */
export const STAGE_KINDS = ['training', 'first', 'second', 'final'] as const;

export type Sex = (typeof SEXES)[number];
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];
export type Category = (typeof CATEGORIES)[number];
export type StageKind = (typeof STAGE_KINDS)[number];
