import type { HttpResponse } from '@trufflesuite/uws-js-unofficial';

export type BodyResult = { body: string } | { tooLarge: true };

/**
 * Reads a request's body up to `limit` bytes. uWS hands each chunk over once, in a buffer that is
 * reused after the callback, so chunks are copied. Past the limit the rest is read but not kept,
 * so the client still reads our 413 instead of a reset connection; past four times the limit (or a
 * declared length that large) the connection is cut and `onCut` runs instead of `done`.
 */
export function readBody(
  response: HttpResponse,
  declaredLength: string,
  limit: number,
  done: (result: BodyResult) => void,
  onCut: () => void,
): void {
  const declared = Number(declaredLength || NaN);
  if (Number.isFinite(declared) && declared > limit * 4) {
    response.close();
    onCut();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  response.onData((chunk, isLast) => {
    size += chunk.byteLength;
    if (size <= limit) chunks.push(Buffer.copyBytesFrom(new Uint8Array(chunk)));
    else if (size > limit * 4) {
      response.close();
      onCut();
      return;
    }
    if (isLast) done(size > limit ? { tooLarge: true } : { body: Buffer.concat(chunks).toString('utf8') });
  });
}
