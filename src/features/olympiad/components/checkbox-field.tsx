import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useFieldMessage } from '../../../components/forms/use-field-message';

/** A checkbox whose label may hold links (the agreement), with the field's error below it. */
export function CheckboxField({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  const [field, meta] = useField({ name, type: 'checkbox' });
  const id = `field-${name}`;
  const { message: error, invalid, describedBy, messageId } = useFieldMessage(!!meta.touched, meta.error, id);
  return (
    <div className={`form-field checkbox-field${invalid ? ' has-error' : ''}`}>
      <div className="checkbox-row">
        <input
          id={id}
          type="checkbox"
          {...field}
          data-testid={testId}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p className="field-error" id={messageId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
