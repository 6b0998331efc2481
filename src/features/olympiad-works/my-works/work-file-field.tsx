import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ValidationMessage } from '../../../../shared/validation/message';
import { fieldId } from '../../../components/forms/field-id';
import { useShownError } from '../../../components/forms/use-shown-error';
import { checkChosenFile } from '../file-check';

/** The chosen file with the shared rule's word on its bytes (null: it may go); the form's rule reads it, the upload sends the file. */
export interface ChosenFile {
  file: File;
  refusal: ValidationMessage | null;
}

/**
 * The work's file, checked by content and size as soon as it is chosen (the same rule the
 * server applies), so a wrong or too large file is refused before a byte is sent.
 */
export function WorkFileField({ name, optional }: { name: string; optional: boolean }) {
  const intl = useIntl();
  const { field, error, helpers } = useShownError(name);
  const id = fieldId(name, 'work');
  const hintId = `${id}-hint`;
  const describedBy = [hintId, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const chosen = field.value as ChosenFile | null;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    void helpers.setTouched(true, false);
    const value: ChosenFile | null = file ? { file, refusal: await checkChosenFile(file) } : null;
    await helpers.setValue(value);
  };
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: optional ? 'olympiadWorks.form.fileReplace' : 'olympiadWorks.form.file' })}</label>
      <input
        id={id}
        name={field.name}
        type="file"
        accept="image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf"
        onChange={(event) => void choose(event)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid="work-file"
      />
      <p className="muted" id={hintId}>
        {intl.formatMessage({ id: 'olympiadWorks.form.fileHint' })}
      </p>
      {chosen && !chosen.refusal ? (
        <p className="muted" data-testid="work-file-chosen">
          {intl.formatMessage({ id: 'olympiadWorks.form.fileChosen' }, { name: chosen.file.name, size: formatMegabytes(chosen.file.size) })}
        </p>
      ) : null}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Bytes as megabytes with one decimal ("2.4"); the message adds the unit in the reader's language. */
export const formatMegabytes = (bytes: number) => (Math.round((bytes / (1024 * 1024)) * 10) / 10).toString();
