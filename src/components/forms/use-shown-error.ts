import { useField, useFormikContext } from 'formik';
import { fieldId } from './field-id';
import { useFieldMessage } from './use-field-message';

/**
 * A field's error once the user has been there or has tried to send: fields
 * added after the start (a new option of a list) are not marked touched by
 * a submit, yet their errors must show then.
 */
export function useShownError(name: string, id = fieldId(name)) {
  const [field, meta, helpers] = useField(name);
  const { submitCount } = useFormikContext();
  const shown = useFieldMessage(meta.touched || submitCount > 0, meta.error, id);
  return { field, error: shown.message, invalid: shown.invalid, describedBy: shown.describedBy, errorId: shown.messageId, helpers };
}
