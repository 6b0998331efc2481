import { FormattedMessage } from 'react-intl';
import { PageTitle } from '../../components/page-title';

/** The generic 500 page: a render or chunk failure never leaves a blank screen. */
export function ServerErrorPage() {
  return (
    <section className="error-page" data-testid="server-error">
      <p className="error-code" aria-hidden="true">
        500
      </p>
      <PageTitle id="serverError.title" />
      <p>
        <FormattedMessage id="serverError.text" />
      </p>
      <div className="error-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          <FormattedMessage id="common.retry" />
        </button>
        <a className="button" href="/home">
          <FormattedMessage id="common.toHome" />
        </a>
      </div>
    </section>
  );
}
