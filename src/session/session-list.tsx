import { useIntl } from 'react-intl';
import { ApiErrorText } from '../components/api-error-text';
import { PageLoading } from '../components/page-loading';
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation, useSessionsQuery } from './sessions-api';
import { describeDevice } from './describe-device';

/**
 * The account's signed-in devices with a way to end each, and all others at once.
 * One account, one set of tokens: the marketplace settings and the olympiad account show the same list.
 */
export function SessionList({ testId = 'sessions' }: { testId?: string }) {
  const intl = useIntl();
  const { data: sessions, error, isLoading } = useSessionsQuery();
  const [revoke, revoking] = useRevokeSessionMutation();
  const [revokeOthers, revokingOthers] = useRevokeOtherSessionsMutation();

  if (isLoading) return <PageLoading />;
  if (!sessions) return <ApiErrorText error={error} />;
  const date = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <ul className="session-list" data-testid={testId}>
        {sessions.map((session) => (
          <li key={session.id} className="session">
            <div>
              <strong>{describeDevice(session.user_agent) ?? intl.formatMessage({ id: 'security.unknownDevice' })}</strong>
              {session.current ? <span className="badge">{intl.formatMessage({ id: 'security.current' })}</span> : null}
              <p className="muted">
                {session.ip} · {intl.formatMessage({ id: 'security.createdAt' }, { date: date(session.created_at) })} ·{' '}
                {intl.formatMessage({ id: 'security.lastUsed' }, { date: date(session.last_used_at) })}
              </p>
            </div>
            {!session.current ? (
              <button type="button" className="button" disabled={revoking.isLoading} onClick={() => revoke(session.id)}>
                {intl.formatMessage({ id: 'security.revoke' })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ApiErrorText error={revoking.error ?? revokingOthers.error} />
      {sessions.length > 1 ? (
        <button type="button" className="button" disabled={revokingOthers.isLoading} onClick={() => revokeOthers()}>
          {intl.formatMessage({ id: 'security.revokeOthers' })}
        </button>
      ) : null}
    </>
  );
}
