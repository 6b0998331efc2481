import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ABOUT_DOCUMENTS } from './about-documents';

/** /about — short introduction and a card per document. */
export default function AboutIndexPage() {
  return (
    <div className="about-page">
      <PageTitle id="about.title" />
      <p className="about-intro">
        <FormattedMessage id="about.intro" />
      </p>
      <ul className="card-grid">
        {ABOUT_DOCUMENTS.map((doc) => (
          <li key={doc} className="card">
            <h2>
              <Link to={`/about/${doc}`}>
                <FormattedMessage id={`about.${doc}.title`} />
              </Link>
            </h2>
            <p>
              <FormattedMessage id={`about.${doc}.summary`} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
