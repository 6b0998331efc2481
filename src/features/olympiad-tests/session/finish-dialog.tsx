import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/focus/modal-dialog';

interface FinishDialogProps {
  /** 1-based numbers of the questions with no answer. */
  unanswered: number[];
  onConfirm(): void;
  onCancel(): void;
}

/** "End the test?" naming the questions still without an answer; Escape or "keep answering" goes back. */
export function FinishDialog({ unanswered, onConfirm, onCancel }: FinishDialogProps) {
  const intl = useIntl();
  const titleId = useId();
  const listId = useId();
  const stay = useRef<HTMLButtonElement>(null);

  const list = intl.formatList(unanswered.map(String), { type: 'conjunction' });
  return (
    <ModalDialog role="alertdialog" labelledBy={titleId} describedBy={listId} onClose={onCancel} initialFocus={stay} testId="finish-dialog">
      <h2 id={titleId}>{intl.formatMessage({ id: 'olympiadTests.ui.finish.title' })}</h2>
      <p id={listId} data-testid="unanswered-list">
        {unanswered.length
          ? intl.formatMessage({ id: 'olympiadTests.ui.finish.unanswered' }, { count: unanswered.length, list })
          : intl.formatMessage({ id: 'olympiadTests.ui.finish.allAnswered' })}
      </p>
      <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.finish.final' })}</p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onConfirm} data-testid="confirm-finish">
          {intl.formatMessage({ id: 'olympiadTests.ui.finish.confirm' })}
        </button>
        <button type="button" className="button" ref={stay} onClick={onCancel} data-testid="cancel-finish">
          {intl.formatMessage({ id: 'olympiadTests.ui.finish.cancel' })}
        </button>
      </div>
    </ModalDialog>
  );
}
