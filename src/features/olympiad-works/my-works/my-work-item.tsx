import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MyWork } from '../../../../shared/api/olympiad-works';
import { ApiErrorText } from '../../../components/api-error-text';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StatusBadge } from '../components/status-badge';
import { WorkImage } from '../components/work-image';
import { useDeleteWorkMutation } from '../works-api';

interface MyWorkItemProps {
  work: MyWork;
  onEdit(work: MyWork): void;
}

/** One of my works: its picture, state (with the moderator's reason when not published), and what I may do with it. */
export function MyWorkItem({ work, onEdit }: MyWorkItemProps) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [remove, removal] = useDeleteWorkMutation();
  const editable = work.status !== 'approved';
  return (
    <li className="my-work" data-testid="my-work" data-work-id={work.id}>
      <WorkImage image={work.image} alt="" sizes="(max-width: 600px) 30vw, 160px" />
      <div className="my-work-body">
        <h3 className="my-work-title">
          {work.status === 'approved' ? <Link to={`/olympiad/works/${work.id}`}>{work.title}</Link> : work.title}
        </h3>
        <p className="muted">{intl.formatMessage({ id: 'olympiadWorks.mine.contest' }, { contest: work.contest.title })}</p>
        <p>
          <StatusBadge status={work.status} />
          {work.status === 'approved' ? (
            <span className="muted work-likes-inline">{intl.formatMessage({ id: 'olympiadWorks.likes.count' }, { count: work.likes_count })}</span>
          ) : null}
        </p>
        {work.status === 'moderation' ? <p className="muted">{intl.formatMessage({ id: 'olympiadWorks.mine.waiting' })}</p> : null}
        {work.status === 'rejected' ? (
          <p className="work-rejected" data-testid="work-reason">
            {intl.formatMessage({ id: 'olympiadWorks.mine.notPublished' })}{' '}
            {work.rejection_reason ? intl.formatMessage({ id: 'olympiadWorks.mine.reason' }, { reason: work.rejection_reason }) : null}
          </p>
        ) : null}
        <div className="form-actions">
          {editable ? (
            <button type="button" className="button" onClick={() => onEdit(work)} data-testid="work-edit">
              {intl.formatMessage({ id: work.status === 'rejected' ? 'olympiadWorks.mine.fix' : 'olympiadWorks.mine.edit' })}
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => setAsking(true)} data-testid="work-delete">
            {intl.formatMessage({ id: 'olympiadWorks.mine.delete' })}
          </button>
        </div>
        <ApiErrorText error={removal.error} />
      </div>
      {asking ? (
        <ConfirmDialog
          titleId="olympiadWorks.mine.deleteTitle"
          textId="olympiadWorks.mine.deleteText"
          values={{ title: work.title }}
          confirmId="olympiadWorks.mine.deleteConfirm"
          busy={removal.isLoading}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void remove(work.id);
          }}
        />
      ) : null}
    </li>
  );
}
