import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CannedReplyResource } from '../../../shared/api/support';
import { ApiErrorText } from '../../components/api-error-text';
import { useDeleteCannedReplyMutation } from './support-console-api';

interface CannedReplyDeleteProps {
  reply: CannedReplyResource;
  onDeleted: () => void;
  onKept: () => void;
}

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/** The question before a reply goes for good; the focus starts on the harmless answer. */
export function CannedReplyDelete({ reply, onDeleted, onKept }: CannedReplyDeleteProps) {
  const intl = useIntl();
  const [remove] = useDeleteCannedReplyMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  // The buttons were disabled while the call ran, which dropped the focus: it goes to trying again.
  useEffect(() => {
    if (failure) again.current?.focus();
  }, [failure]);
  const questionId = `canned-delete-${reply.id}`;

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const result = await remove(reply.id);
    // Gone already (another agent deleted it): what was asked for has happened.
    if (!('error' in result) || statusOf(result.error) === 404) {
      onDeleted();
      return;
    }
    setBusy(false);
    setFailure(result.error);
  };

  return (
    <div
      className="canned-confirm"
      role="group"
      aria-labelledby={questionId}
      data-testid="canned-confirm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || busy) return;
        event.preventDefault();
        onKept();
      }}
    >
      <p id={questionId} className="canned-confirm-question">
        {intl.formatMessage({ id: 'supportConsole.canned.confirmDelete' }, { shortcut: reply.shortcut })}
      </p>
      <ApiErrorText error={failure} />
      <div className="form-actions">
        <button type="button" className="button canned-danger" ref={again} disabled={busy} data-testid="canned-confirm-delete" onClick={() => void confirm()}>
          {intl.formatMessage({ id: busy ? 'supportConsole.canned.deleting' : 'supportConsole.canned.confirmYes' })}
        </button>
        <button type="button" className="button" ref={keep} disabled={busy} data-testid="canned-keep" onClick={onKept}>
          {intl.formatMessage({ id: 'supportConsole.canned.keep' })}
        </button>
      </div>
    </div>
  );
}
