import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MissingOrFailed, useRouteId } from '../../../components/missing-or-failed';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { WorksFrame } from '../components/works-frame';
import { GalleryView } from '../gallery/gallery-view';
import { useContestQuery } from '../works-api';
import { ContestEditor } from './contest-editor';
import { ContestFacts } from './contest-facts';

/** One contest: its rules (the staff's text), dates, who may enter, and the gallery of its published works. */
export default function ContestPage() {
  const intl = useIntl();
  const id = useRouteId();
  const contest = useContestQuery(id ?? 0, { skip: id === null });
  const [editing, setEditing] = useState(false);
  if (contest.isLoading) return <PageLoading />;
  if (!contest.data) return <MissingOrFailed error={contest.error} />;
  const { data } = contest.data;
  return (
    <WorksFrame>
      <section className="works-section" data-testid="contest-page">
        <PageTitle id="olympiadWorks.contest.title" values={{ title: data.title }} />
        {/* Staff get the texts in both languages with the contest: they may edit it. */}
        {data.title_ru !== undefined && !editing ? (
          <button type="button" className="button" data-testid="contest-edit" onClick={() => setEditing(true)}>
            {intl.formatMessage({ id: 'olympiadWorks.editor.edit' })}
          </button>
        ) : null}
        {editing ? <ContestEditor contest={data} onDone={() => setEditing(false)} /> : null}
        <ContestFacts contest={data} />
        <h2>{intl.formatMessage({ id: 'olympiadWorks.contest.rules' })}</h2>
        <div className="contest-rules">
          {data.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {data.may_enter ? (
          <p>
            <Link className="button button-primary" to="/olympiad/account/works">
              {intl.formatMessage({ id: 'olympiadWorks.contest.enter' })}
            </Link>
          </p>
        ) : null}
        <h2>{intl.formatMessage({ id: 'olympiadWorks.contest.gallery' })}</h2>
        <GalleryView contestId={data.id} />
      </section>
    </WorksFrame>
  );
}
