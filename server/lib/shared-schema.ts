import type { AnyObjectSchema, InferType } from 'yup';
import { runSchema } from '../../shared/validation/run-schema';
import { validationFailed } from './http-error';

/** Applies a rule set shared with the SPA; failures become the 422 envelope. */
export async function validateShared<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<InferType<S>> {
  const result = await runSchema(schema, input);
  if (!result.ok) throw validationFailed(result.errors);
  return result.value;
}
