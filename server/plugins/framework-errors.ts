import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../shared/i18n/translate';
import { languageOfHeaders } from './language';

/** Fastify's router refuses these before any route, hook or decorator is involved. */
const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'errors.badUrl'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'errors.urlTooLong'],
};

/**
 * Fastify's `frameworkErrors` option: an address that does not decode
 * (`%FF`, a cut UTF-8 sequence, a lone surrogate) or a path segment over the
 * router's limit gets the translated envelope like every other refusal.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, key] = ROUTER_ERRORS[error.code] ?? [400, 'errors.badUrl'];
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ message: translate(languageOfHeaders(request.headers), key) });
}
