import type { Readable } from 'node:stream';

/** A stored file as the serving route needs it. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. Keys are server-made paths such as
 * `images/<id>/600.webp`; callers never pass user input as a key. The local
 * implementation keeps them under `DATA_DIR/uploads`; an S3-compatible one
 * fills the same four calls (PutObject, GetObject, DeleteObjects by prefix,
 * and a public or CDN URL).
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** The size of a stored file, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes every file whose key starts with `prefix` (e.g. one image's variants). */
  removePrefix(prefix: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}

/** Keys are `folder/.../name.ext` of safe characters only: no `..`, no leading slash. */
export const SAFE_KEY_RE = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY_RE.test(key)) throw new Error(`unsafe storage key: ${key}`);
}
