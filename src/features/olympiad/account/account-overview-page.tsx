import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link } from 'react-router';
import { formatBirthDate } from '../../../../shared/validation/olympiad-dates';
import { selectLanguage } from '../../../session/language-slice';

import { StageCountdown } from '../stages/stage-countdown';
import { AccountLayout } from './account-layout';
import { ACCOUNT_SECTIONS } from './account-nav';
import { useStagesQuery } from '../../../olympiad/stages-api';

export default function AccountOverviewPage() {
  const intl = useIntl();
  const lang = useAppSelector(selectLanguage);
  const { data: stages } = useStagesQuery();
  return (
    <AccountLayout titleId="olympiad.account.overview">
      {(participant) => (
        <div className="account-overview" data-testid="account-overview">
          <div className="profile-card">
            <span className="avatar avatar-large" aria-hidden="true">
              {participant.full_name.slice(0, 1).toUpperCase()}
            </span>
            <div>
              <h2 data-testid="participant-name">{participant.full_name}</h2>
              <p className="muted">
                {intl.formatMessage({ id: 'olympiad.account.loginIs' }, { login: participant.login })} ·{' '}
                {intl.formatMessage({ id: `olympiad.category.${participant.category}` })}
              </p>
            </div>
          </div>
          <dl className="details">
            <dt>{intl.formatMessage({ id: 'olympiad.field.email' })}</dt>
            <dd>
              {participant.email}{' '}
              <span className={`badge badge-${participant.email_status}`} data-testid="email-status">
                {intl.formatMessage({ id: `olympiad.emailStatus.${participant.email_status}` })}
              </span>
            </dd>
            <dt>{intl.formatMessage({ id: 'olympiad.field.birth_date.plain' })}</dt>
            <dd>{formatBirthDate(participant.birth_date, lang)}</dd>
            <dt>{intl.formatMessage({ id: 'olympiad.field.school' })}</dt>
            <dd>
              {participant.school}, {participant.city}, {participant.country}
            </dd>
            <dt>{intl.formatMessage({ id: 'olympiad.account.registeredAt' })}</dt>
            <dd>{intl.formatDate(participant.registered_at, { dateStyle: 'long' })}</dd>
          </dl>
          {stages ? <StageCountdown stages={stages.data} /> : null}
          <ul className="card-grid">
            {ACCOUNT_SECTIONS.slice(1).map((section) => (
              <li key={section.to}>
                <Link className="card" to={section.to}>
                  {intl.formatMessage({ id: section.id })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </AccountLayout>
  );
}
