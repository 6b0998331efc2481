import { useIntl } from 'react-intl';
import type { TestSessionState } from '../test-session-slice';

/** While the attempt ends: the last answers go out, then the result comes; offline, it says what it waits for. */
export function FinishingNotice({ session }: { session: TestSessionState }) {
  const intl = useIntl();
  if (session.phase !== 'finishing') return null;
  const key = !session.online
    ? 'olympiadTests.ui.finishing.offline'
    : session.endedBy === 'deadline'
      ? 'olympiadTests.ui.finishing.timeUp'
      : 'olympiadTests.ui.finishing.ending';
  return (
    <p className="notice notice-warning finishing-notice" role="status" data-testid="finishing">
      {intl.formatMessage({ id: key })}
    </p>
  );
}
