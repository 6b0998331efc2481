import type { Category } from '../../../shared/validation/olympiad-options';
import type { WorkFileKind, WorkSort } from '../../../shared/validation/olympiad-works-rules';
import { namedStatement, type Db } from '../../db/client';
import type { GalleryPosition } from './gallery-cursor';
import { GALLERY_SORTS, keyParameter } from './gallery-sorts';

/** A published work as the gallery reads it: the author by login only (never e-mail, full name or birth date). */
export interface GalleryRow {
  id: number;
  contest_id: number;
  contest_title_ru: string;
  contest_title_en: string;
  title: string;
  description: string;
  participant_id: number;
  login: string;
  category: Category;
  likes_count: number;
  published_at: Date;
  file_kind: WorkFileKind;
  file_bytes: number;
  image_id: string | null;
  image_width: number | null;
  image_height: number | null;
  image_variants: Array<{ width: number; height: number }> | null;
  /** Whether the viewer likes it (false for a guest). */
  liked: boolean;
  /** Whether the viewer is an olympiad participant (only they get `liked`). */
  viewer_participant: boolean;
  sort_key: number | string;
}

export interface GalleryFilter {
  contestId?: number;
  category?: Category;
}

/** $1 is the viewer's user id (0 for a guest). Only the author's login leaves this query. */
const COLUMNS = `
  w.id, w.contest_id, c.title_ru as contest_title_ru, c.title_en as contest_title_en, w.title, w.description,
  w.participant_id, p.login, w.category, w.likes_count, coalesce(w.published_at, w.submitted_at) as published_at,
  w.file_kind, w.file_bytes, i.id as image_id, i.width as image_width, i.height as image_height, i.variants as image_variants,
  (l.user_id is not null) as liked,
  exists (select 1 from olympiad_participants vp where vp.user_id = $1) as viewer_participant`;

const JOINS = `
  from creative_works w
  join creative_contests c on c.id = w.contest_id
  join olympiad_participants p on p.user_id = w.participant_id
  left join images i on i.id = w.image_id
  left join creative_work_likes l on l.work_id = w.id and l.user_id = $1`;

/**
 * One page's statement for a sort and the filters present: published works only, the keyset
 * `(key, id)` after the cursor, in the order of the partial index (migration 0020) that serves it,
 * so the scan stops after `limit` rows whatever the page's depth. Parameters: viewer, limit, then
 * contest, category and the cursor's key and id, each only when present. (bench:gallery EXPLAINs it.)
 */
export function galleryPageText(sort: WorkSort, filter: GalleryFilter, after: boolean): string {
  const { key, keyOut, kind, descending } = GALLERY_SORTS[sort];
  const where = [`w.status = 'approved'`];
  let n = 2;
  if (filter.contestId !== undefined) where.push(`w.contest_id = $${++n}`);
  if (filter.category !== undefined) where.push(`w.category = $${++n}`);
  if (after) {
    const keyAt = keyParameter(kind, `$${++n}`);
    where.push(`(${key}, w.id) ${descending ? '<' : '>'} (${keyAt}, $${++n}::int4)`);
  }
  const direction = descending ? 'desc' : 'asc';
  return `select ${COLUMNS}, ${keyOut} as sort_key ${JOINS}
   where ${where.join(' and ')}
   order by ${key} ${direction}, w.id ${direction}
   limit $2`;
}

export function galleryRepository(db: Db) {
  const pages = new Map<string, (params: unknown[]) => Promise<GalleryRow[]>>();
  /** Each shape is prepared once by name (48 at most: 6 sorts × contest × category × cursor). */
  const pageStatement = (sort: WorkSort, filter: GalleryFilter, after: boolean) => {
    const name = `gallery_page_${sort}_${filter.contestId === undefined ? 0 : 1}${filter.category === undefined ? 0 : 1}${after ? 1 : 0}`;
    let statement = pages.get(name);
    if (!statement) {
      statement = namedStatement<GalleryRow>(db, name, galleryPageText(sort, filter, after));
      pages.set(name, statement);
    }
    return statement;
  };
  const totalStatement = namedStatement<{ total: number }>(
    db,
    'gallery_total',
    `select coalesce(sum(published), 0)::int4 as total from creative_gallery_totals
      where ($1::int4 is null or contest_id = $1::int4) and ($2::text is null or category = $2::text)`,
  );
  const oneStatement = namedStatement<GalleryRow>(
    db,
    'gallery_work',
    `select ${COLUMNS}, 0 as sort_key ${JOINS} where w.id = $2 and (w.status = 'approved' or w.participant_id = $1)`,
  );

  return {
    /** Up to `limit` published works after `position` in the sort's order. */
    async page(viewerId: number, sort: WorkSort, filter: GalleryFilter, limit: number, position: GalleryPosition | null): Promise<GalleryRow[]> {
      const params: unknown[] = [viewerId, limit];
      if (filter.contestId !== undefined) params.push(filter.contestId);
      if (filter.category !== undefined) params.push(filter.category);
      if (position) params.push(position.key, position.id);
      return pageStatement(sort, filter, Boolean(position))(params);
    },

    /** How many works are published under the filters (kept by triggers, see migration 0020). */
    async total(filter: GalleryFilter): Promise<number> {
      const [row] = await totalStatement([filter.contestId ?? null, filter.category ?? null]);
      return row?.total ?? 0;
    },

    /** A published work, or one of the viewer's own in any state; null otherwise. */
    async one(viewerId: number, workId: number): Promise<GalleryRow | null> {
      const [row] = await oneStatement([viewerId, workId]);
      return row ?? null;
    },
  };
}

export type GalleryRepository = ReturnType<typeof galleryRepository>;
