import type { FormikHelpers } from 'formik';
import { apiErrorBody } from '../services/api';

/** Puts a 422's field messages under the same fields of the form; true when there were any. */
export function applyServerErrors<T>(error: unknown, helpers: Pick<FormikHelpers<T>, 'setErrors' | 'setTouched'>): boolean {
  const body = apiErrorBody(error);
  if (!body?.errors) return false;
  const errors = Object.fromEntries(Object.entries(body.errors).map(([field, list]) => [field, list[0]]));
  helpers.setErrors(errors as never);
  helpers.setTouched(Object.fromEntries(Object.keys(errors).map((field) => [field, true])) as never, false);
  return true;
}
