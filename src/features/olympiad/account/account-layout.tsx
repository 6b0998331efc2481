import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link, Navigate, useLocation } from 'react-router';
import type { ParticipantResource } from '../../../../shared/api/olympiad';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { selectIsSignedIn } from '../../../session/session-slice';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import { useParticipantQuery } from '../olympiad-api';
import { AccountNav } from './account-nav';
import { VerificationBanner } from './verification-banner';

interface AccountLayoutProps {
  titleId: string;
  children(participant: ParticipantResource): ReactNode;
}

/**
 * Every section of the personal account: guests go to the olympiad's sign-in
 * and come back; a marketplace user who has not registered is invited to.
 */
export function AccountLayout({ titleId, children }: AccountLayoutProps) {
  const intl = useIntl();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: participant, error, isLoading } = useParticipantQuery(undefined, { skip: !signedIn });

  if (!signedIn) return <Navigate to={`/olympiad/login?next=${encodeURIComponent(location.pathname)}`} replace />;

  let body: ReactNode;
  if (isLoading) body = <PageLoading />;
  else if (participant === null) {
    body = (
      <section className="narrow" data-testid="not-participant">
        <PageTitle id="olympiad.account.title" />
        <p className="lead">{intl.formatMessage({ id: 'olympiad.account.notParticipant' })}</p>
        <Link className="button button-primary" to="/olympiad/register">
          {intl.formatMessage({ id: 'olympiad.nav.register' })}
        </Link>
      </section>
    );
  } else if (!participant) body = <ApiErrorText error={error} />;
  else {
    body = (
      <div className="account-layout">
        <AccountNav />
        <section className="account-section">
          <VerificationBanner participant={participant} />
          <PageTitle id={titleId} />
          {children(participant)}
        </section>
      </div>
    );
  }
  return (
    <div className="olympiad-page">
      <OlympiadNav />
      {body}
    </div>
  );
}
