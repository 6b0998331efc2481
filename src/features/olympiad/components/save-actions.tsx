import { useIntl } from 'react-intl';

interface SaveActionsProps {
  submitting: boolean;
  testId?: string;
  /** Shows "Saved" beside the button (until the form is changed again). */
  saved?: boolean;
  savedTestId?: string;
  /** Adds a cancel button (the staff editors close with it). */
  onCancel?(): void;
}

/** The save row of the olympiad's edit forms. */
export function SaveActions({ submitting, testId, saved, savedTestId, onCancel }: SaveActionsProps) {
  const intl = useIntl();
  return (
    <div className="form-actions">
      <button type="submit" className="button button-primary" disabled={submitting} data-testid={testId}>
        {intl.formatMessage({ id: submitting ? 'common.saving' : 'common.save' })}
      </button>
      {onCancel ? (
        <button type="button" className="button" onClick={onCancel}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
      ) : null}
      {saved ? (
        <span className="form-success" role="status" data-testid={savedTestId}>
          {intl.formatMessage({ id: 'common.saved' })}
        </span>
      ) : null}
    </div>
  );
}
