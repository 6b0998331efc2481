import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useFieldError } from '../../../components/forms/use-field-error';

/** A checkbox whose label may hold links (the agreement), with the field's error below it. */
export function CheckboxField({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  const [field, meta] = useField({ name, type: 'checkbox' });
  const error = useFieldError(meta.touched, meta.error);
  const id = `field-${name}`;
  return (
    <div className={`form-field checkbox-field${error ? ' has-error' : ''}`}>
      <div className="checkbox-row">
        <input
          id={id}
          type="checkbox"
          {...field}
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
