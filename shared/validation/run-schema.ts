import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { isValidationMessage, type ValidationMessage } from './message';

export type FieldErrors = Record<string, ValidationMessage[]>;

export type SchemaResult<S extends AnyObjectSchema> =
  | { ok: true; value: InferType<S> }
  | { ok: false; errors: FieldErrors };

/** Runs a shared schema and groups every failure by field (the 422 envelope's shape). */
export async function runSchema<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<SchemaResult<S>> {
  try {
    const value = await schema.validate(input, { abortEarly: false, stripUnknown: true });
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors = {};
    for (const inner of error.inner.length ? error.inner : [error]) {
      const field = inner.path || '_';
      const message = isValidationMessage(inner.message) ? inner.message : { key: 'validation.invalid' };
      (errors[field] ??= []).push(message);
    }
    return { ok: false, errors };
  }
}
