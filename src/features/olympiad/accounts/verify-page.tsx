import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { VerificationResult } from '../../../../shared/api/olympiad';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { selectIsSignedIn } from '../../../session/session-slice';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import { useVerifyEmailMutation } from '../olympiad-api';

/** The link from the verification letter: confirms the address once, then the token leaves the address bar. */
export default function OlympiadVerifyPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useAppSelector(selectIsSignedIn);
  const [token] = useState(() => params.get('token') ?? '');
  const [verify, { error }] = useVerifyEmailMutation();
  const [result, setResult] = useState<VerificationResult | null>(null);
  // A link works once: React's development double effects must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    navigate('/olympiad/verify', { replace: true });
    if (token) void verify(token).unwrap().then(setResult, () => undefined);
  }, [navigate, token, verify]);

  return (
    <div className="olympiad-page">
      <OlympiadNav />
      <section className="narrow" data-testid="verify-page">
        <PageTitle id="olympiad.verify.title" />
        {result ? (
          <p className="notice notice-success" role="status" data-testid="verify-done">
            {intl.formatMessage({ id: 'olympiad.verify.done' }, { email: result.email })}
          </p>
        ) : error || !token ? (
          <>
            {token ? <ApiErrorText error={error} /> : <p className="form-error">{intl.formatMessage({ id: 'olympiad.errors.linkInvalid' })}</p>}
            <p>{intl.formatMessage({ id: 'olympiad.verify.again' })}</p>
          </>
        ) : (
          <PageLoading />
        )}
        <p>
          <Link className="button" to={signedIn ? '/olympiad/account' : '/olympiad/login'}>
            {intl.formatMessage({ id: signedIn ? 'olympiad.home.toAccount' : 'olympiad.nav.login' })}
          </Link>
        </p>
      </section>
    </div>
  );
}
