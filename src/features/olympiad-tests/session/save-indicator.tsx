import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { isPending, saveStatus, selectSession } from '../test-session-slice';

/** Saved / saving / offline, said politely to screen readers when it changes. */
export function SaveIndicator() {
  const intl = useIntl();
  const session = useAppSelector(selectSession);
  const status = saveStatus(session);
  const waiting = Object.values(session.answers).filter(isPending).length;
  return (
    <p className={`save-indicator is-${status}`} role="status" data-testid="save-status" data-status={status}>
      <span className="save-dot" aria-hidden="true" />
      {intl.formatMessage({ id: `olympiadTests.ui.save.${status}` }, { count: waiting })}
    </p>
  );
}
