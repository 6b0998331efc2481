import type { FastifySchemaValidationError } from 'fastify';
import type { FieldErrors } from '../../shared/validation/run-schema';
import { msg, type ValidationMessage } from '../../shared/validation/message';

function messageFor(error: FastifySchemaValidationError): ValidationMessage {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return msg('validation.required');
    case 'maxLength':
      return msg('validation.maxLength', { max: Number(params.limit) });
    case 'minLength':
      return Number(params.limit) <= 1 ? msg('validation.required') : msg('validation.minLength', { min: Number(params.limit) });
    case 'format':
      return params.format === 'email' ? msg('validation.email') : msg('validation.format');
    case 'type':
      return msg('validation.type');
    case 'enum':
    case 'const':
    case 'anyOf':
      return msg('validation.enum');
    case 'minimum':
      return msg('validation.minimum', { min: Number(params.limit) });
    case 'maximum':
      return msg('validation.maximum', { max: Number(params.limit) });
    case 'additionalProperties':
      return msg('validation.unknownField');
    case 'pattern':
      return msg('validation.format');
    default:
      return msg('validation.invalid');
  }
}

/** `/address` or a missing property → the field name the form shows the message under. */
function fieldOf(error: FastifySchemaValidationError, context?: string): string {
  const params = error.params as Record<string, unknown>;
  const path = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const extra = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  const field = [path, extra].filter(Boolean).join('.');
  return field || context || '_';
}

export function ajvErrorsToFields(errors: FastifySchemaValidationError[], context?: string): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) (fields[fieldOf(error, context)] ??= []).push(messageFor(error));
  return fields;
}
