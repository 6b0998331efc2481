import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { DecisionBody } from '../../../../shared/api/olympiad-works';
import { WORK_REJECTION_CODES, type WorkRejectionCode } from '../../../../shared/validation/olympiad-works';
import { WORK_REJECTION_REASON_MAX } from '../../../../shared/validation/olympiad-works-rules';

/** A reason from the list (its text is what the participant reads), or "other" with a written one. */
export function RejectForm({ busy, onReject, onCancel }: { busy: boolean; onReject(body: DecisionBody): void; onCancel(): void }) {
  const intl = useIntl();
  const [code, setCode] = useState<WorkRejectionCode | ''>('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const ids = { code: useId(), text: useId(), error: useId() };
  const written = text.trim();
  const problem = code === '' ? 'olympiadWorks.errors.reasonRequired' : code === 'other' && !written ? 'olympiadWorks.errors.reasonTextRequired' : null;
  return (
    <form
      className="form reject-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (problem || code === '') return;
        onReject({ decision: 'rejected', reason_code: code, ...(written ? { reason: written } : {}) });
      }}
      data-testid="reject-form"
    >
      <fieldset>
        <legend>{intl.formatMessage({ id: 'olympiadWorks.moderation.reason' })}</legend>
        {WORK_REJECTION_CODES.map((reason) => (
          <label key={reason} className="radio-line">
            <input type="radio" name="reason_code" value={reason} checked={code === reason} onChange={() => setCode(reason)} data-testid={`reason-${reason}`} />{' '}
            {intl.formatMessage({ id: `olympiadWorks.reasons.${reason}` })}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor={ids.text}>{intl.formatMessage({ id: code === 'other' ? 'olympiadWorks.moderation.reasonText' : 'olympiadWorks.moderation.reasonNote' })}</label>
        <textarea id={ids.text} rows={3} maxLength={WORK_REJECTION_REASON_MAX} value={text} onChange={(event) => setText(event.target.value)} aria-describedby={tried && problem ? ids.error : undefined} data-testid="reason-text" />
      </div>
      {tried && problem ? (
        <p className="field-error" id={ids.error} role="alert">
          {intl.formatMessage({ id: problem })}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-danger" disabled={busy} data-testid="confirm-reject">
          {intl.formatMessage({ id: 'olympiadWorks.moderation.reject' })}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {intl.formatMessage({ id: 'olympiadWorks.form.cancel' })}
        </button>
      </div>
    </form>
  );
}
