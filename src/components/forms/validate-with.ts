import { prepareDataForValidation, type FormikErrors, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { runSchema } from '../../../shared/validation/run-schema';
import { toFormikErrors } from './server-errors';

/**
 * A formik `validate` by a shared rule. `toBody` turns the form's values into
 * what goes to the API, so the rule checks exactly what the server will and
 * both say the same words. Without it the values are read as formik's own
 * `validationSchema` reads them (empty text counts as absent). Every error
 * lands on its field, nested paths ("options[2].text", "items.0.title") too;
 * messages stay catalogue keys for the field to translate.
 */
export function validateWith<V>(schema: AnyObjectSchema, toBody: (values: V) => unknown = (values) => prepareDataForValidation(values as FormikValues)) {
  return async (values: V): Promise<FormikErrors<V>> => {
    const result = await runSchema(schema, toBody(values));
    return result.ok ? {} : toFormikErrors<V>(result.errors);
  };
}
