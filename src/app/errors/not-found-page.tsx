import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';

/** SPEC §2: any path that is not a screen. The server sends it with status 404. */
export function NotFoundPage() {
  return (
    <section className="error-page" data-testid="not-found">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <PageTitle id="notFound.title" />
      <p>
        <FormattedMessage id="notFound.text" />
      </p>
      <Link className="button button-primary" to="/home">
        <FormattedMessage id="common.toHome" />
      </Link>
    </section>
  );
}
