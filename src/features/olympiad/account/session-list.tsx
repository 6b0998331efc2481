import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { useRevokeSessionMutation, useSessionsQuery } from '../../auth/auth-api';
import { describeDevice } from '../../settings/describe-device';

/** The account's signed-in devices (the marketplace's sessions: one account, one set of tokens). */
export function SessionList() {
  const intl = useIntl();
  const { data: sessions, error, isLoading } = useSessionsQuery();
  const [revoke, revoking] = useRevokeSessionMutation();
  if (isLoading) return <PageLoading />;
  if (!sessions) return <ApiErrorText error={error} />;
  const date = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <ul className="session-list" data-testid="olympiad-sessions">
        {sessions.map((session) => (
          <li key={session.id} className="session">
            <div>
              <strong>{describeDevice(session.user_agent) ?? intl.formatMessage({ id: 'security.unknownDevice' })}</strong>
              {session.current ? <span className="badge">{intl.formatMessage({ id: 'security.current' })}</span> : null}
              <p className="muted">
                {session.ip} · {intl.formatMessage({ id: 'security.lastUsed' }, { date: date(session.last_used_at) })}
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
      <ApiErrorText error={revoking.error} />
    </>
  );
}
