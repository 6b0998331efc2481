import zlib from 'node:zlib';

/**
 * The page compressed as the browser accepts it: with a screen's first reads inside, a page is tens of
 * kilobytes of JSON, which on a phone's network delays every script the page names. Brotli at a
 * middle quality costs about a millisecond for such a page; the hashed assets come precompressed.
 */
export function compressedPage(html: string, acceptEncoding: string | undefined): { body: Buffer | string; encoding: 'br' | 'gzip' | null } {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0].trim().toLowerCase()));
  if (accepted.has('br')) {
    return { body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }), encoding: 'br' };
  }
  if (accepted.has('gzip')) return { body: zlib.gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}
