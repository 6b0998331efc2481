import { getIn, useFormikContext } from 'formik';
import { isValidationMessage } from '../../../shared/validation/message';
import { useFieldError } from './use-field-error';

/**
 * An error of a whole list (too few options, no right answer), shown under it.
 * Errors of its elements (an array under the list's name) are shown by the
 * elements' own fields, so they are left out here.
 */
export function ListError({ name }: { name: string }) {
  const { errors, submitCount, touched } = useFormikContext();
  const raw: unknown = getIn(errors, name);
  const own = typeof raw === 'string' || isValidationMessage(raw) ? raw : null;
  const error = useFieldError(submitCount > 0 || !!getIn(touched, name), own);
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
