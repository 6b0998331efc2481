import { useField, useFormikContext } from 'formik';
import { useFieldError } from './use-field-error';

/**
 * A field's error once the user has been there or has tried to send: fields
 * added after the start (a new option of a list) are not marked touched by
 * a submit, yet their errors must show then.
 */
export function useShownError(name: string) {
  const [field, meta, helpers] = useField(name);
  const { submitCount } = useFormikContext();
  const error = useFieldError(meta.touched || submitCount > 0, meta.error);
  return { field, error, helpers };
}
