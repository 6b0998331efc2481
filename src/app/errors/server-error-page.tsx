import { FormattedMessage } from 'react-intl';
import { ErrorPage } from '../../components/error-page';

/** The generic 500 page: a render or chunk failure never leaves a blank screen. */
export function ServerErrorPage() {
  return (
    <ErrorPage code={500} titleId="serverError.title" textId="serverError.text" testId="server-error">
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        <FormattedMessage id="common.retry" />
      </button>
      <a className="button" href="/home">
        <FormattedMessage id="common.toHome" />
      </a>
    </ErrorPage>
  );
}
