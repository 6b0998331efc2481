import { HttpError } from './http-error';

/**
 * The multipart reader (@fastify/busboy) refuses a form it cannot read with a
 * plain Error and no status (no boundary, a cut body, a broken part header):
 * that is the caller's fault, like malformed JSON. Its own prototype and
 * premature-close errors are the same. Anything else is left as it is.
 */
const MALFORMED = /boundary|multipart|malformed part header|unexpected end|content-type/i;
const MALFORMED_CODES = new Set(['FST_PROTO_VIOLATION', 'FST_MP_PREMATURE_CLOSE', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);

export function multipartFailure(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpError) return error;
  const { code, statusCode } = error as Error & { code?: string; statusCode?: number };
  const fromParser = (code === undefined && statusCode === undefined && MALFORMED.test(error.message)) || (code !== undefined && MALFORMED_CODES.has(code));
  return fromParser ? new HttpError(400, 'errors.invalidMultipart') : error;
}
