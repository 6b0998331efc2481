import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { useProfileDataQuery } from '../../session/profile-api';

export default function ProfilePage() {
  const intl = useIntl();
  const { data, error, isLoading } = useProfileDataQuery();
  if (isLoading) return <PageLoading />;
  if (!data) return <ApiErrorText error={error} />;
  const { user, stats } = data;
  return (
    <section className="profile-page narrow">
      <PageTitle id="profile.title" />
      <div className="profile-card">
        <span className="avatar avatar-large" aria-hidden="true">
          {(user.name || user.email || '?').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h2 data-testid="profile-name">{user.name || intl.formatMessage({ id: 'profile.noName' })}</h2>
          <p className="muted">
            {intl.formatMessage({ id: 'profile.memberSince' }, { date: intl.formatDate(user.created_at, { dateStyle: 'long' }) })}
          </p>
        </div>
      </div>
      <dl className="details">
        <dt>{intl.formatMessage({ id: 'profile.email' })}</dt>
        <dd data-testid="profile-email">{user.email ?? '—'}</dd>
        <dt>{intl.formatMessage({ id: 'profile.phone' })}</dt>
        <dd>{user.phone ?? '—'}</dd>
        <dt>{intl.formatMessage({ id: 'profile.about' })}</dt>
        <dd data-testid="profile-about">{user.about || '—'}</dd>
        <dt>{intl.formatMessage({ id: 'profile.role' })}</dt>
        <dd>{intl.formatMessage({ id: `role.${user.role}` })}</dd>
        <dt>{intl.formatMessage({ id: 'security.sessions' })}</dt>
        <dd>{stats.active_sessions}</dd>
      </dl>
      <Link className="button button-primary" to="/settings/profile">
        <FormattedMessage id="profile.edit" />
      </Link>
    </section>
  );
}
