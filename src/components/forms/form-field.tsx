import type { InputHTMLAttributes, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fieldId } from './field-id';
import { useShownError } from './use-shown-error';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement> {
  name: string;
  /** Catalogue key of the label … */
  labelId?: string;
  /** … or the label itself, when it carries a number or a letter ("Option B"). */
  label?: ReactNode;
  multiline?: boolean;
  rows?: number;
  /** The element id is `${idPrefix}-${name}`; pages and tests find fields by it. */
  idPrefix?: string;
}

/** A labelled formik field whose error (shared rule or server 422, nested paths too) shows under it and is announced. */
export function FormField({ name, labelId, label, multiline, rows = 4, idPrefix, ...rest }: FormFieldProps) {
  const intl = useIntl();
  const id = fieldId(name, idPrefix);
  const { field, error, invalid, describedBy, errorId } = useShownError(name, id);
  const common = { id, ...field, value: field.value ?? '', ...rest, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={`form-field${invalid ? ' has-error' : ''}`}>
      <label htmlFor={id}>{labelId ? intl.formatMessage({ id: labelId }) : label}</label>
      {multiline ? <textarea {...common} rows={rows} /> : <input {...common} />}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
