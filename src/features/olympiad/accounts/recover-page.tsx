import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import { RecoverRequest } from './recover-request';
import { RecoverReset } from './recover-reset';

/** Password recovery (DESIGN): enter the e-mail → link sent → new password set and confirmed. */
export default function OlympiadRecoverPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The token is read once and leaves the address bar, so it is not kept in history or sent as a referrer.
  const [token, setToken] = useState(() => params.get('token'));

  useEffect(() => {
    if (params.get('token')) navigate('/olympiad/recover', { replace: true });
  }, [navigate, params]);

  return (
    <div className="olympiad-page">
      <OlympiadNav />
      <section className="narrow" data-testid="recover-page">
        <PageTitle id="olympiad.recover.title" />
        {token ? <RecoverReset token={token} onRestart={() => setToken(null)} /> : <RecoverRequest />}
      </section>
    </div>
  );
}
