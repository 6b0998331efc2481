import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { formatClock } from '../../../olympiad/format-duration';
import { remainingMs, selectSession } from '../test-session-slice';

/** The time left by the server's clock (the saga ticks it); urgent colours in the last five and one minutes. */
export function SessionClock() {
  const intl = useIntl();
  const session = useAppSelector(selectSession);
  const left = remainingMs(session);
  if (session.deadline === null) {
    return (
      <p className="session-clock is-untimed" data-testid="session-clock">
        {intl.formatMessage({ id: 'olympiadTests.ui.clock.untimed' })}
      </p>
    );
  }
  if (left === null) return <p className="session-clock skeleton" aria-hidden="true" />;
  const urgency = left <= 60_000 ? ' is-critical' : left <= 5 * 60_000 ? ' is-warning' : '';
  const text = formatClock(left);
  return (
    <p className={`session-clock${urgency}`} data-testid="session-clock">
      <span className="session-clock-label">{intl.formatMessage({ id: 'olympiadTests.ui.clock.left' })}</span>{' '}
      {/* Spoken only on request: a timer that talks every second would drown the questions. */}
      <span role="timer" aria-live="off" className="session-clock-time" data-testid="time-left">
        {text}
      </span>
    </p>
  );
}
