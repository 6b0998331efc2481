import { setIn, type FormikErrors, type FormikHelpers } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { runSchema } from '../../../../shared/validation/run-schema';
import { apiErrorBody } from '../../../services/api';

/**
 * Formik validation by a shared rule, with nested paths ("options[2].text")
 * put where the nested fields look for them. `prepare` turns form values
 * into what goes to the API, so the rule checks exactly that.
 */
export function validateWith<V>(schema: AnyObjectSchema, prepare: (values: V) => unknown = (v) => v) {
  return async (values: V): Promise<FormikErrors<V>> => {
    const result = await runSchema(schema, prepare(values));
    if (result.ok) return {};
    let errors: FormikErrors<V> = {};
    for (const [path, list] of Object.entries(result.errors)) errors = setIn(errors, path, list[0]);
    return errors;
  };
}

/** A 422 from the server under the same (nested) fields; true when there were any. */
export function applyNestedServerErrors<V>(failure: unknown, helpers: Pick<FormikHelpers<V>, 'setErrors' | 'setTouched'>): boolean {
  const body = apiErrorBody(failure);
  if (!body?.errors) return false;
  let errors: FormikErrors<V> = {};
  let touched = {};
  for (const [path, list] of Object.entries(body.errors)) {
    errors = setIn(errors, path, list[0]);
    touched = setIn(touched, path, true);
  }
  helpers.setErrors(errors);
  helpers.setTouched(touched as never, false);
  return true;
}
