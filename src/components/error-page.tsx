import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageTitle } from './page-title';

interface ErrorPageProps {
  code: 404 | 500;
  titleId: string;
  textId: string;
  testId: string;
  children: ReactNode;
}

/** The shared frame of the 404 and 500 pages: the code, a title, a sentence and the ways out. */
export function ErrorPage({ code, titleId, textId, testId, children }: ErrorPageProps) {
  return (
    <section className="error-page" data-testid={testId}>
      <p className="error-code" aria-hidden="true">
        {code}
      </p>
      <PageTitle id={titleId} />
      <p>
        <FormattedMessage id={textId} />
      </p>
      <div className="error-actions">{children}</div>
    </section>
  );
}
