import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../../shared/validation/run-schema';
import { HttpError } from '../lib/http-error';
import { ajvErrorsToFields } from '../lib/ajv-errors';

interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

function translateFields(request: FastifyRequest, fields: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, list]) => [field, list.map((m) => request.t(m.key, m.values))]),
  );
}

/** Fastify's own error codes that are the caller's fault, with the status and text they deserve. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'errors.invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'errors.invalidJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'errors.payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'errors.unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'errors.invalidJson'],
};

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One place turns every failure into the envelope of DESIGN.md:
 * `{ message, errors? }`, translated, with 5xx details kept in the log only.
 */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: request.t(error.messageKey, error.values) };
      if (error.fieldErrors) {
        body.errors = translateFields(request, error.fieldErrors);
        const first = Object.values(body.errors)[0]?.[0];
        if (first) body.message = first;
      }
      return send(reply, error.statusCode, body);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const errors = translateFields(request, ajvErrorsToFields(fastifyError.validation, fastifyError.validationContext));
      return send(reply, 422, { message: Object.values(errors)[0]?.[0] ?? request.t('errors.validation'), errors });
    }
    const known = fastifyError.code ? CLIENT_ERRORS[fastifyError.code] : undefined;
    if (known) return send(reply, known[0], { message: request.t(known[1]) });
    if (fastifyError.statusCode === 429) {
      const retry = Number(reply.getHeader('retry-after')) || 60;
      return send(reply, 429, { message: request.t('errors.tooManyRequests', { seconds: retry }) });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return send(reply, fastifyError.statusCode, { message: request.t('errors.validation') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: request.t('errors.server') });
  });

  app.setNotFoundHandler(
    { preHandler: app.rateLimit ? app.rateLimit({ max: 60, timeWindow: '1 minute' }) : undefined },
    (request, reply) =>
      send(reply, 404, {
        message: request.t('errors.routeNotFound', { method: request.method, url: request.url.split('?')[0] }),
      }),
  );
}, { name: 'error-handler', dependencies: ['language'] });
