import type { IncomingMessage } from 'node:http';

export type BodyResult = { body: string } | { tooLarge: true };

/**
 * Reads the body up to `limit` bytes. Past the limit the rest is drained but
 * not kept, so the client still reads our 413 instead of a reset connection;
 * past four times the limit the socket is cut.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit * 4) {
      request.destroy();
      resolve({ tooLarge: true });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit * 4) {
        request.destroy();
        resolve({ tooLarge: true });
      }
    });
    request.on('end', () => resolve(size > limit ? { tooLarge: true } : { body: Buffer.concat(chunks).toString('utf8') }));
    request.on('error', reject);
  });
}
