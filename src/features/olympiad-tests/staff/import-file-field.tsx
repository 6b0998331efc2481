import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ImportFile } from '../../../../shared/validation/olympiad-test-import';
import { fieldId } from '../../../components/forms/field-id';
import { useShownError } from '../../../components/forms/use-shown-error';

/**
 * The bank's file: its text is read as soon as it is chosen, so the shared
 * rule checks the very text that will be sent (its length in characters, as
 * the route counts). Choosing another file makes a new value, which clears
 * the server's verdict on the previous one.
 */
export function ImportFileField({ name, labelId }: { name: string; labelId: string }) {
  const intl = useIntl();
  const { field, error, helpers } = useShownError(name);
  const id = fieldId(name, 'import');
  const describedBy = error ? `${id}-error` : undefined;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    void helpers.setTouched(true, false);
    const value: ImportFile | null = file ? { name: file.name, content: await file.text() } : null;
    await helpers.setValue(value);
  };
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: labelId })}</label>
      <input
        id={id}
        name={field.name}
        type="file"
        accept=".xml,.gift,.txt,text/xml,text/plain"
        onChange={(event) => void choose(event)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid="import-file"
      />
      {error && (
        <p className="field-error" id={describedBy} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
