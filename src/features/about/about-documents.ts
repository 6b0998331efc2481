/** The legal and information documents served under /about/{name}. */
export const ABOUT_DOCUMENTS = ['offer', 'company', 'consent', 'payment', 'privacy', 'cookie-agreement'] as const;

export type AboutDocument = (typeof ABOUT_DOCUMENTS)[number];

export function isAboutDocument(value: string): value is AboutDocument {
  return (ABOUT_DOCUMENTS as readonly string[]).includes(value);
}

/** Number of sections per document: keys about.{doc}.s{n}.title / .body for n = 1..count. */
export const ABOUT_SECTIONS: Record<AboutDocument, number> = {
  offer: 7,
  company: 4,
  consent: 5,
  payment: 5,
  privacy: 6,
  'cookie-agreement': 4,
};

/** Date the current revision of the documents took effect (ISO 8601). */
export const ABOUT_UPDATED = '2025-01-15';

/** Section numbers 1..count for a document. */
export function aboutSectionNumbers(doc: AboutDocument): number[] {
  return Array.from({ length: ABOUT_SECTIONS[doc] }, (_, i) => i + 1);
}

/** Anchor id of a section on the document page. */
export function aboutSectionId(n: number): string {
  return `section-${n}`;
}
