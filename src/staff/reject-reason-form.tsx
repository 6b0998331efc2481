import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

interface RejectReasonFormProps {
  /** The caller keeps the reason, so closing and reopening the form (or a failed call) loses nothing typed. */
  reason: string;
  onReasonChange(reason: string): void;
  maxLength: number;
  busy: boolean;
  /** Message ids: the field's label, its "required" error, the send and cancel buttons. */
  words: { label: string; required: string; send: string; cancel: string };
  testIds: { form: string; reason: string; send: string };
  onReject(reason: string): void;
  onCancel(): void;
}

/** A moderator's rejection: a reason the owner will read, required, its error tied to the field. */
export function RejectReasonForm({ reason, onReasonChange, maxLength, busy, words, testIds, onReject, onCancel }: RejectReasonFormProps) {
  const intl = useIntl();
  const [tried, setTried] = useState(false);
  const ids = { reason: useId(), error: useId() };
  const written = reason.trim();
  const missing = tried && !written;
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (written) onReject(written);
      }}
      data-testid={testIds.form}
    >
      <div className={`form-field${missing ? ' has-error' : ''}`}>
        <label htmlFor={ids.reason}>{intl.formatMessage({ id: words.label })}</label>
        <textarea
          id={ids.reason}
          rows={3}
          maxLength={maxLength}
          value={reason}
          onChange={(event) => onReasonChange(event.target.value)}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? ids.error : undefined}
          data-testid={testIds.reason}
        />
        {missing ? (
          <p className="field-error" id={ids.error} role="alert">
            {intl.formatMessage({ id: words.required })}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-danger" disabled={busy} data-testid={testIds.send}>
          {intl.formatMessage({ id: words.send })}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          {intl.formatMessage({ id: words.cancel })}
        </button>
      </div>
    </form>
  );
}
