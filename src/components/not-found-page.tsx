import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ErrorPage } from './error-page';

/** SPEC §2: any path that is not a screen. The server sends it with status 404. */
export function NotFoundPage() {
  return (
    <ErrorPage code={404} titleId="notFound.title" textId="notFound.text" testId="not-found">
      <Link className="button button-primary" to="/home">
        <FormattedMessage id="common.toHome" />
      </Link>
    </ErrorPage>
  );
}
