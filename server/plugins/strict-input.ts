import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { mergeFieldErrors } from '../lib/field-errors';
import { forbiddenTextFields } from '../lib/forbidden-text';
import { validationFailed } from '../lib/http-error';
import { readTextPart } from '../lib/text-fields';

const isForm = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/**
 * The edge every API input passes before its route schema checks it (ajv
 * converts no types, see app.ts):
 *
 * 1. text parts (path, query, form bodies) are read by their schema: numbers
 *    only in plain decimal (readTextPart, server/lib/text-fields.ts);
 * 2. every string of path, query and body, at any depth, keys included, is
 *    checked with the one plain-text rule (shared/validation/plain-text.ts).
 *
 * Either failure is a 422 naming the fields, before any handler runs.
 * Multipart forms are read by their handlers, with the same readTextPart
 * (server/modules/chats/message-input.ts). Routes without a schema (the SPA
 * pages, stored files) are not API input and are left alone.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema;
      if (!schema) return;
      const params = readTextPart(schema.params, request.params);
      const query = readTextPart(schema.querystring, request.query);
      const body = isForm(request) ? readTextPart(schema.body, request.body) : { values: request.body, errors: forbiddenTextFields(request.body) };
      request.params = params.values;
      request.query = query.values;
      request.body = body.values;
      const errors = mergeFieldErrors(params.errors, query.errors, body.errors);
      if (errors) throw validationFailed(errors);
    });
  },
  { name: 'strict-input' },
);
