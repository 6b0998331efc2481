import { getIn, useField, useFormikContext } from 'formik';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFieldError } from '../../../components/use-field-error';

interface StaffFieldProps extends InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement> {
  name: string;
  label: string;
  multiline?: boolean;
  rows?: number;
}

const idOf = (name: string) => `staff-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** A labelled field of the staff editors (labels may carry a letter or number); errors of nested paths too. */
export function StaffField({ name, label, multiline, rows = 3, ...rest }: StaffFieldProps) {
  const [field, meta] = useField(name);
  const { submitCount } = useFormikContext();
  const error = useFieldError(meta.touched || submitCount > 0, meta.error);
  const id = idOf(name);
  const common = {
    id,
    ...field,
    value: field.value ?? '',
    ...rest,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} rows={rows} /> : <input {...common} />}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An error of a whole list (too few options, no right answer), shown under it. */
export function ListError({ name }: { name: string }) {
  const { errors, submitCount, touched } = useFormikContext();
  const raw = getIn(errors, name);
  const error = useFieldError(submitCount > 0 || !!getIn(touched, name), typeof raw === 'string' || (raw && !Array.isArray(raw) && 'key' in raw) ? raw : null);
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A labelled select of the staff editors. */
export function StaffSelect({ name, label, children, testId }: { name: string; label: string; children: ReactNode; testId?: string }) {
  const [field, meta] = useField(name);
  const error = useFieldError(meta.touched, meta.error);
  const id = idOf(name);
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...field} value={field.value ?? ''} data-testid={testId}>
        {children}
      </select>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
