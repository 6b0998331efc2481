import { getIn, useFormikContext } from 'formik';
import { createContext, useContext, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isValidationMessage } from '../../../shared/validation/message';

/** SPEC §5's "There are blank fields." is said once for the form, not under every empty field. */
export const BLANK_KEY = 'validation.blank';

/** Inside a scope, the id of its one blank-fields sentence; outside, null (each field says it itself). */
const BlankFieldsContext = createContext<string | null>(null);

export const isBlankError = (error: unknown) => {
  const first = Array.isArray(error) ? error[0] : error;
  return isValidationMessage(first) && first.key === BLANK_KEY;
};

/** Whether a blank field's error is on show: its field was left, or the form was sent. */
export function hasShownBlank(errors: unknown, touched: unknown, submitted: boolean, path: string[] = []): boolean {
  if (isBlankError(errors)) return submitted || getIn(touched, path.join('.')) === true;
  if (typeof errors !== 'object' || errors === null || isValidationMessage(errors)) return false;
  return Object.entries(errors).some(([key, value]) => hasShownBlank(value, touched, submitted, [...path, key]));
}

/** The form's fields inside say "blank" by their mark only; `BlankFieldsNotice` says it in words. */
export function BlankFieldsScope({ id, children }: { id: string; children: ReactNode }) {
  return <BlankFieldsContext.Provider value={`${id}-blank-fields`}>{children}</BlankFieldsContext.Provider>;
}

/** The id a blank field points its `aria-describedby` to, inside a scope. */
export const useBlankFieldsId = () => useContext(BlankFieldsContext);

/** "There are blank fields.", once, while any blank field's error is on show. */
export function BlankFieldsNotice() {
  const intl = useIntl();
  const id = useBlankFieldsId();
  const { errors, touched, submitCount } = useFormikContext();
  if (!id || !hasShownBlank(errors, touched, submitCount > 0)) return null;
  return (
    <p className="form-error" id={id} role="alert" data-testid="blank-fields">
      {intl.formatMessage({ id: BLANK_KEY })}
    </p>
  );
}
