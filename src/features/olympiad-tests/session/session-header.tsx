import { useIntl } from 'react-intl';
import type { TestSessionState } from '../test-session-slice';
import { SaveIndicator } from './save-indicator';
import { SessionClock } from './session-clock';

/** The stage and test above a test or essay, with the clock and the save state beside them. */
export function SessionHeader({ session }: { session: TestSessionState }) {
  const intl = useIntl();
  return (
    <header className="test-header">
      <div>
        <p className="muted">{intl.formatMessage({ id: `olympiad.stage.${session.attempt!.stage_kind}` })}</p>
        <h1 className="page-title">{session.attempt!.test_title}</h1>
      </div>
      <div className="test-status">
        <SessionClock />
        <SaveIndicator />
      </div>
    </header>
  );
}
