import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SessionFailure } from '../test-session-slice';

/** The attempt could not be opened (not mine, gone): the server's reason and a way back. */
export function SessionFailed({ failure }: { failure: SessionFailure | null }) {
  const intl = useIntl();
  return (
    <section className="narrow" data-testid="session-failed">
      <h1 className="page-title">{intl.formatMessage({ id: 'olympiadTests.ui.session.failedTitle' })}</h1>
      <p className="form-error" role="alert">
        {failure?.message ?? intl.formatMessage({ id: 'common.unknownError' })}
      </p>
      <Link className="button" to="/olympiad/tests">
        {intl.formatMessage({ id: 'olympiadTests.ui.backToTests' })}
      </Link>
    </section>
  );
}
