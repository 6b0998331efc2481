import type { WorkSort } from '../../../shared/validation/olympiad-works-rules';
import { msg } from '../../../shared/validation/message';
import { validationFailed } from '../../lib/http-error';
import { GALLERY_SORTS } from './gallery-sorts';

/** Where a page ends: the last work's sort key (as the query returned it) and its id. */
export interface GalleryPosition {
  key: number | string;
  id: number;
}

const MAX_ID = 2_147_483_647;
const MAX_TEXT_KEY = 400;

/**
 * The opaque `next_cursor`: base64url of `[sort, key, id]`. It names a place in the order, not a
 * row number, so likes arriving between two pages never shift the pages (only a work whose own
 * count changed moves, to where its new count puts it). The sort is inside so that a cursor
 * is never read under another order.
 */
export function encodeCursor(sort: WorkSort, position: GalleryPosition): string {
  return Buffer.from(JSON.stringify([sort, position.key, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names, or a 422 on `cursor` for anything else (tampered, truncated, from another sort). */
export function decodeCursor(sort: WorkSort, cursor: string): GalleryPosition {
  const refuse = () => validationFailed({ cursor: [msg('olympiad.gallery.errors.cursor')] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) throw refuse();
  const [, key, id] = parsed as [unknown, unknown, unknown];
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) throw refuse();
  const kind = GALLERY_SORTS[sort].kind;
  if (kind === 'text') {
    // PostgreSQL text holds no NUL: a key with one is nothing this server wrote.
    if (typeof key !== 'string' || key.length > MAX_TEXT_KEY || key.includes('\u0000')) throw refuse();
  } else if (typeof key !== 'number' || !Number.isSafeInteger(key) || (kind === 'count' && (key < 0 || key > MAX_ID))) {
    throw refuse();
  }
  return { key, id };
}
