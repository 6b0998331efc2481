import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link, useLocation } from 'react-router';
import { selectIsSignedIn } from '../../../session/session-slice';

import { StageCountdown } from '../stages/stage-countdown';
import { ContentPage } from './content-page';
import { useStagesQuery } from '../../../olympiad/stages-api';

/** The olympiad's front page: what it is (staff-edited), the countdown, and the way in. */
export default function OlympiadHomePage() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: stages } = useStagesQuery();
  const deleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted;
  return (
    <>
      {deleted ? (
        <p className="notice notice-success" role="status" data-testid="account-deleted">
          {intl.formatMessage({ id: 'olympiad.account.delete.done' })}
        </p>
      ) : null}
      <ContentPage contentKey="home">
        <aside className="olympiad-home-aside">
          {stages ? <StageCountdown stages={stages.data} /> : null}
          <div className="form-actions">
            {signedIn ? (
              <Link className="button button-primary" to="/olympiad/account">
                {intl.formatMessage({ id: 'olympiad.home.toAccount' })}
              </Link>
            ) : (
              <>
                <Link className="button button-primary" to="/olympiad/register" data-testid="home-register">
                  {intl.formatMessage({ id: 'olympiad.home.register' })}
                </Link>
                <Link className="button" to="/olympiad/login">
                  {intl.formatMessage({ id: 'olympiad.home.login' })}
                </Link>
              </>
            )}
          </div>
        </aside>
      </ContentPage>
    </>
  );
}
