import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageTitle } from './page-title';

interface ErrorPageProps {
  /** The status shown large above the title (none for a state that is not an HTTP error, such as offline). */
  code?: 404 | 500;
  titleId: string;
  textId: string;
  testId: string;
  className?: string;
  children: ReactNode;
}

/** The shared frame of the 404, 500 and offline pages: the code, a title, a sentence and the ways out. */
export function ErrorPage({ code, titleId, textId, testId, className = 'error-page', children }: ErrorPageProps) {
  return (
    <section className={className} data-testid={testId}>
      {code ? (
        <p className="error-code" aria-hidden="true">
          {code}
        </p>
      ) : null}
      <PageTitle id={titleId} />
      <p>
        <FormattedMessage id={textId} />
      </p>
      <div className="error-actions">{children}</div>
    </section>
  );
}

/** Try again (a full reload: the server, or the service worker, answers afresh) or go home. */
export function RetryOrHome() {
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        <FormattedMessage id="common.retry" />
      </button>
      <a className="button" href="/home">
        <FormattedMessage id="common.toHome" />
      </a>
    </>
  );
}
