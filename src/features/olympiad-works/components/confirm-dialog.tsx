import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/focus/modal-dialog';

interface ConfirmDialogProps {
  titleId: string;
  textId: string;
  values?: Record<string, string | number>;
  confirmId: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** "Delete this work?": the harmless answer has the focus, Escape says no. */
export function ConfirmDialog({ titleId, textId, values, confirmId, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const intl = useIntl();
  const headingId = useId();
  const bodyId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog role="alertdialog" labelledBy={headingId} describedBy={bodyId} onClose={onCancel} initialFocus={keep} testId="confirm-dialog">
      <h2 id={headingId}>{intl.formatMessage({ id: titleId }, values)}</h2>
      <p id={bodyId}>{intl.formatMessage({ id: textId }, values)}</p>
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy} data-testid="confirm-yes">
          {intl.formatMessage({ id: confirmId })}
        </button>
        <button type="button" className="button" ref={keep} onClick={onCancel} data-testid="confirm-no">
          {intl.formatMessage({ id: 'olympiadWorks.confirm.keep' })}
        </button>
      </div>
    </ModalDialog>
  );
}
