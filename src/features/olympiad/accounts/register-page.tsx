import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link, Navigate } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { selectIsSignedIn } from '../../../session/session-slice';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import { useParticipantQuery } from '../olympiad-api';
import { RegistrationForm } from './registration-form';

export default function OlympiadRegisterPage() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const participant = useParticipantQuery(undefined, { skip: !signedIn });
  if (signedIn && participant.isLoading) return <PageLoading />;
  if (signedIn && participant.data) return <Navigate to="/olympiad/account" replace />;
  return (
    <div className="olympiad-page">
      <OlympiadNav />
      <section className="narrow">
        <PageTitle id="olympiad.register.title" />
        <p className="lead">{intl.formatMessage({ id: signedIn ? 'olympiad.register.introJoin' : 'olympiad.register.intro' })}</p>
        <RegistrationForm />
        <p className="form-secondary">
          {intl.formatMessage({ id: 'olympiad.register.haveAccount' })} <Link to="/olympiad/login">{intl.formatMessage({ id: 'olympiad.nav.login' })}</Link>
        </p>
      </section>
    </div>
  );
}
