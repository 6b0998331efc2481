import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ABOUT_UPDATED, aboutSectionId, aboutSectionNumbers, isAboutDocument, type AboutDocument } from './about-documents';

/** Splits a section body into paragraphs on blank lines. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function BackLink() {
  return (
    <p className="about-back">
      <Link to="/about">
        <FormattedMessage id="about.back" />
      </Link>
    </p>
  );
}

function AboutDocumentView({ doc }: { doc: AboutDocument }) {
  const intl = useIntl();
  const sections = aboutSectionNumbers(doc);
  const updated = intl.formatDate(ABOUT_UPDATED, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const tocId = `about-toc-${doc}`;

  return (
    <article className="about-page">
      <PageTitle id={`about.${doc}.title`} />
      <p className="about-updated">
        <FormattedMessage id="about.updated" values={{ date: <time dateTime={ABOUT_UPDATED}>{updated}</time> }} />
      </p>
      <nav className="about-toc" aria-labelledby={tocId}>
        <h2 id={tocId}>
          <FormattedMessage id="about.toc" />
        </h2>
        <ol>
          {sections.map((n) => (
            <li key={n}>
              <a href={`#${aboutSectionId(n)}`}>{intl.formatMessage({ id: `about.${doc}.s${n}.title` })}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((n) => (
        <section key={n} id={aboutSectionId(n)} className="about-section" aria-labelledby={`${aboutSectionId(n)}-title`}>
          <h2 id={`${aboutSectionId(n)}-title`}>
            {n}. {intl.formatMessage({ id: `about.${doc}.s${n}.title` })}
          </h2>
          {paragraphs(intl.formatMessage({ id: `about.${doc}.s${n}.body` })).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      <BackLink />
    </article>
  );
}

/** /about/{doc} — one legal or information document, chosen by the last path segment. */
export default function AboutDocumentPage() {
  const { pathname } = useLocation();
  const name = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  if (!isAboutDocument(name)) {
    return (
      <div className="about-page">
        <BackLink />
      </div>
    );
  }
  return <AboutDocumentView key={name} doc={name} />;
}
