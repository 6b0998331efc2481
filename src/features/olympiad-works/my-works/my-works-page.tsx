import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MyWork } from '../../../../shared/api/olympiad-works';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { SignedInOnly } from '../components/signed-in-only';
import { WorksFrame } from '../components/works-frame';
import { useContestsQuery, useMyWorksQuery } from '../works-api';
import { MyWorkItem } from './my-work-item';
import { WorkForm } from './work-form';

/** My works (SPEC §2 "my works"): send a new one, see each one's state, fix and resend a rejected one, delete. */
export default function MyWorksPage() {
  return (
    <SignedInOnly>
      <WorksFrame>
        <MyWorks />
      </WorksFrame>
    </SignedInOnly>
  );
}

function MyWorks() {
  const intl = useIntl();
  const works = useMyWorksQuery();
  const contests = useContestsQuery();
  const [editing, setEditing] = useState<MyWork | null>(null);
  const [sent, setSent] = useState<MyWork | null>(null);
  const open = (contests.data?.data ?? []).filter((contest) => contest.state === 'open' && contest.may_enter !== false);
  // "Fix" is pressed down in the list; the form opens at the top, so the focus (and the view) goes there.
  const editHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) editHeading.current?.focus();
  }, [editing]);

  return (
    <section className="works-section" data-testid="my-works">
      <PageTitle id="olympiadWorks.mine.title" />
      {editing ? (
        <section aria-labelledby="work-edit-heading" className="works-panel">
          <h2 id="work-edit-heading" ref={editHeading} tabIndex={-1}>{intl.formatMessage({ id: 'olympiadWorks.mine.editTitle' }, { title: editing.title })}</h2>
          {editing.status === 'rejected' && editing.rejection_reason ? (
            <p className="work-rejected">{intl.formatMessage({ id: 'olympiadWorks.mine.reason' }, { reason: editing.rejection_reason })}</p>
          ) : null}
          <WorkForm
            key={`edit-${editing.id}`}
            contests={[]}
            editing={editing}
            onCancel={() => setEditing(null)}
            onDone={(work) => {
              setEditing(null);
              setSent(work);
            }}
          />
        </section>
      ) : (
        <section aria-labelledby="work-new-heading" className="works-panel">
          <h2 id="work-new-heading">{intl.formatMessage({ id: 'olympiadWorks.mine.newTitle' })}</h2>
          {contests.isLoading ? (
            <PageLoading />
          ) : contests.error ? (
            <ApiErrorText error={contests.error} />
          ) : open.length === 0 ? (
            <p className="empty-state" data-testid="no-open-contests">
              {intl.formatMessage({ id: 'olympiadWorks.mine.noOpenContest' })}
            </p>
          ) : (
            <WorkForm key="new" contests={open} editing={null} onDone={setSent} />
          )}
        </section>
      )}
      {sent ? (
        <p className="form-success" role="status" data-testid="work-sent">
          {intl.formatMessage({ id: 'olympiadWorks.mine.sent' }, { title: sent.title })}
        </p>
      ) : null}
      <h2>{intl.formatMessage({ id: 'olympiadWorks.mine.listTitle' })}</h2>
      {works.isLoading ? (
        <PageLoading />
      ) : !works.data ? (
        <ApiErrorText error={works.error} />
      ) : works.data.data.length === 0 ? (
        <p className="empty-state" data-testid="no-works">
          {intl.formatMessage({ id: 'olympiadWorks.mine.none' })}
        </p>
      ) : (
        <ul className="my-works-list">
          {works.data.data.map((work) => (
            <MyWorkItem
              key={work.id}
              work={work}
              onEdit={(chosen) => {
                setSent(null);
                setEditing(chosen);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
