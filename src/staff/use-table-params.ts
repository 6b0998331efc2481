import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Which way a column sorts. */
export type SortDirection = 'asc' | 'desc';

export interface TableParams<Filter extends string> {
  /** The search box's words ('' when none). */
  q: string;
  page: number;
  sort: string | null;
  dir: SortDirection;
  /** Each named filter's value ('' when unset). */
  filters: Record<Filter, string>;
}

/**
 * A staff table's search, filters, sorting and page, kept in the URL so a list can be shared,
 * reloaded and gone back to. Changing anything but the page starts again at page 1.
 */
export function useTableParams<Filter extends string>(filterNames: readonly Filter[]) {
  const [params, setParams] = useSearchParams();
  const key = filterNames.join(',');
  const value = useMemo<TableParams<Filter>>(() => {
    const page = Number(params.get('page'));
    const filters = Object.fromEntries(key.split(',').filter(Boolean).map((name) => [name, params.get(name) ?? ''])) as Record<Filter, string>;
    return {
      q: params.get('q') ?? '',
      page: Number.isInteger(page) && page > 0 ? page : 1,
      sort: params.get('sort'),
      dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
      filters,
    };
  }, [params, key]);

  /** Sets or clears (empty string, null) parameters (q, page, sort, dir or a filter's name); any change but the page's goes back to page 1. */
  const update = useCallback(
    (changes: Partial<Record<string, string | number | null>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, change] of Object.entries(changes)) {
            if (change === null || change === undefined || change === '' || (name === 'page' && change === 1)) next.delete(name);
            else next.set(name, String(change));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: !('page' in changes) },
      );
    },
    [setParams],
  );

  /** A header click: the same column flips its direction, another column starts descending. */
  const sortBy = useCallback(
    (column: string) => update({ sort: column, dir: value.sort === column && value.dir === 'desc' ? 'asc' : 'desc' }),
    [update, value.sort, value.dir],
  );

  return { ...value, update, sortBy };
}
