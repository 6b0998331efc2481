import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fieldId } from './field-id';
import { useShownError } from './use-shown-error';

interface SelectFieldProps {
  name: string;
  /** Catalogue key of the label … */
  labelId?: string;
  /** … or the label itself. */
  label?: ReactNode;
  /** A fixed list of values, each labelled by the catalogue key `${optionPrefix}.${value}` … */
  options?: readonly string[];
  optionPrefix?: string;
  /** … after a first empty entry labelled by this key ("choose…"), when given. */
  emptyId?: string;
  /** Options of the caller's own (named things, a list with a condition), after the above. */
  children?: ReactNode;
  testId?: string;
  idPrefix?: string;
}

/** A labelled formik select whose error (shared rule or server 422) shows under it and is announced, like FormField. */
export function SelectField({ name, labelId, label, options, optionPrefix, emptyId, children, testId, idPrefix }: SelectFieldProps) {
  const intl = useIntl();
  const id = fieldId(name, idPrefix);
  const { field, error, invalid, describedBy, errorId } = useShownError(name, id);
  return (
    <div className={`form-field${invalid ? ' has-error' : ''}`}>
      <label htmlFor={id}>{labelId ? intl.formatMessage({ id: labelId }) : label}</label>
      <select id={id} {...field} value={field.value ?? ''} aria-invalid={invalid ? true : undefined} aria-describedby={describedBy} data-testid={testId}>
        {emptyId ? <option value="">{intl.formatMessage({ id: emptyId })}</option> : null}
        {options?.map((option) => (
          <option key={option} value={option}>
            {intl.formatMessage({ id: `${optionPrefix}.${option}` })}
          </option>
        ))}
        {children}
      </select>
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
