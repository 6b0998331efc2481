import { useField } from 'formik';
import { useIntl } from 'react-intl';
import type { InputHTMLAttributes } from 'react';
import { useFieldError } from './use-field-error';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement> {
  name: string;
  labelId: string;
  multiline?: boolean;
}

/** A labelled formik field whose error (shared rule or server 422) shows under it and is announced. */
export function FormField({ name, labelId, multiline, ...rest }: FormFieldProps) {
  const intl = useIntl();
  const [field, meta] = useField(name);
  const error = useFieldError(meta.touched, meta.error);
  const id = `field-${name}`;
  const describedBy = error ? `${id}-error` : undefined;
  const common = { id, ...field, ...rest, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: labelId })}</label>
      {multiline ? <textarea {...common} rows={4} /> : <input {...common} />}
      {error && (
        <p className="field-error" id={describedBy} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
