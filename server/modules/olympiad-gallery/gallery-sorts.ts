import type { WorkSort } from '../../../shared/validation/olympiad-works-rules';

/** What a sort's key is made of, and so how a cursor carries it. */
export type SortKeyKind = 'time' | 'count' | 'text';

export interface GallerySort {
  /** The key in SQL over `w` (creative_works); the id follows it as the tie-breaker. */
  key: string;
  /** The key as the page query returns it, exactly enough to continue after it. */
  keyOut: string;
  kind: SortKeyKind;
  descending: boolean;
}

/**
 * The title order reads lower case with ё as е, so «Ёжик» sits among the Е words and «apple» beside
 * "Apple". Migration 0020 indexes this very expression; change both together.
 */
export const TITLE_KEY = `translate(lower(w.title), 'ё', 'е')`;

/** Publication time to the microsecond, as a number of microseconds (a Date would round it to the millisecond and break ties). */
const PUBLISHED_MICROS = `(extract(epoch from w.published_at) * 1000000)::int8::float8`;

/** SPEC §3's six sorts; each keyset is (key, id), the id breaking ties the way the key runs. */
export const GALLERY_SORTS: Record<WorkSort, GallerySort> = {
  newest: { key: 'w.published_at', keyOut: PUBLISHED_MICROS, kind: 'time', descending: true },
  oldest: { key: 'w.published_at', keyOut: PUBLISHED_MICROS, kind: 'time', descending: false },
  likes_desc: { key: 'w.likes_count', keyOut: 'w.likes_count', kind: 'count', descending: true },
  likes_asc: { key: 'w.likes_count', keyOut: 'w.likes_count', kind: 'count', descending: false },
  title_asc: { key: TITLE_KEY, keyOut: TITLE_KEY, kind: 'text', descending: false },
  title_desc: { key: TITLE_KEY, keyOut: TITLE_KEY, kind: 'text', descending: true },
};

export const DEFAULT_SORT: WorkSort = 'newest';

/** The cursor's key as a SQL parameter of the right type (microseconds back to a timestamp). */
export function keyParameter(kind: SortKeyKind, placeholder: string): string {
  if (kind === 'time') return `('epoch'::timestamptz + ${placeholder}::int8 * interval '1 microsecond')`;
  if (kind === 'count') return `${placeholder}::int4`;
  return `${placeholder}::text`;
}
