import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ABOUT_DOCUMENTS } from '../../features/about/about-documents';

export function Footer() {
  const intl = useIntl();
  return (
    <footer className="app-footer">
      <nav aria-label={intl.formatMessage({ id: 'footer.legal' })}>
        <ul>
          {ABOUT_DOCUMENTS.map((doc) => (
            <li key={doc}>
              <Link to={`/about/${doc}`}>{intl.formatMessage({ id: `about.${doc}.title` })}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{intl.formatMessage({ id: 'footer.copyright' }, { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
