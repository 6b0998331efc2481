import { CATEGORIES, STAGE_KINDS, type Category, type StageKind } from '../../../shared/validation/olympiad-options';

/** The rating's filters as the URL holds them (`?category=&stage=&page=`); nonsense reads as "all". */
export interface RatingParams {
  category?: Category;
  stage?: StageKind;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

export function readRatingParams(params: URLSearchParams): RatingParams {
  const page = Number(params.get('page'));
  return {
    category: oneOf(CATEGORIES, params.get('category')),
    stage: oneOf(STAGE_KINDS, params.get('stage')),
    page: Number.isInteger(page) && page > 0 && page <= 10_000 ? page : 1,
  };
}

/** A filter changed: the new value in the URL (none for "all") and back to the first page. */
export function withFilter(params: URLSearchParams, name: 'category' | 'stage', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('page');
  return next;
}

/** Rows per page of the public rating. */
export const RATING_PER_PAGE = 50;
