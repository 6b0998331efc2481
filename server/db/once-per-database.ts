import type { Db } from './client';

/**
 * A statement built once per database (a prepared, named query of a hot
 * path): repositories are made per request, the query builder runs once.
 */
export function oncePerDatabase<T extends object>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (!value) built.set(db, (value = build(db)));
    return value;
  };
}
