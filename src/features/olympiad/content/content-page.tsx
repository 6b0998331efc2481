import { Suspense, useState, type ReactNode } from 'react';
import { lazyNamed } from '../../../components/lazy-named';
import { useIntl } from 'react-intl';
import type { ContentKey } from '../../../../shared/validation/olympiad-content';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import { useOlympiadContentQuery } from '../olympiad-api';
import { Markdown } from './markdown';

// Staff only: its forms and their validation library stay out of the page every visitor loads first.
const ContentEditor = lazyNamed(() => import(/* webpackChunkName: "olympiad-content-editor" */ './content-editor'), 'ContentEditor');

interface ContentPageProps {
  contentKey: ContentKey;
  foldQuestions?: boolean;
  /** What the page shows below its text (the stages list, the call to register). */
  children?: ReactNode;
}

/** A page of the olympiad whose text comes from the database; staff see an edit button. */
export function ContentPage({ contentKey, foldQuestions, children }: ContentPageProps) {
  const intl = useIntl();
  const { data: page, error, isLoading } = useOlympiadContentQuery(contentKey);
  const [editing, setEditing] = useState(false);

  return (
    <div className="olympiad-page">
      <OlympiadNav />
      {isLoading ? (
        <PageLoading />
      ) : !page ? (
        <ApiErrorText error={error} />
      ) : (
        <article className={`olympiad-content olympiad-content-${contentKey}`}>
          <div className="olympiad-content-head">
            <PageTitle id="olympiad.pageTitle" values={{ title: page.title }} />
            {page.editable && !editing ? (
              <button type="button" className="button" onClick={() => setEditing(true)} data-testid="edit-content">
                {intl.formatMessage({ id: 'olympiad.editor.edit' })}
              </button>
            ) : null}
          </div>
          {editing ? (
            <Suspense fallback={<PageLoading />}>
              <ContentEditor page={page} onDone={() => setEditing(false)} />
            </Suspense>
          ) : (
            <Markdown source={page.body} foldQuestions={foldQuestions} />
          )}
        </article>
      )}
      {children}
    </div>
  );
}
