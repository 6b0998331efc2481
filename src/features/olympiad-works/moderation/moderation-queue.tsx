import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ModerationItem } from '../../../../shared/api/olympiad-works';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { useModerationQueueQuery } from '../works-api';
import { ModerationItemPanel } from './moderation-item-panel';
import { QueueRow } from './queue-row';
import '../olympiad-works.css';

/**
 * The works waiting for a decision, overdue first, then oldest, and the open one's panel: shown in
 * the olympiad's frame (/olympiad/staff/works) and in the admin area (/admin/works).
 */
export function ModerationQueue() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const queue = useModerationQueueQuery({ page }, { refetchOnMountOrArgChange: true, pollingInterval: 60_000 });
  const [open, setOpen] = useState<ModerationItem | null>(null);
  const [decided, setDecided] = useState<ModerationItem | null>(null);
  const meta = queue.data?.meta;
  return (
    <section className="works-section" data-testid="moderation">
      <PageTitle id="olympiadWorks.moderation.title" />
      {decided ? (
        <p className="form-success" role="status" data-testid="moderation-done">
          {intl.formatMessage({ id: decided.status === 'approved' ? 'olympiadWorks.moderation.approved' : 'olympiadWorks.moderation.rejected' }, { title: decided.title })}
        </p>
      ) : null}
      {open ? (
        <ModerationItemPanel
          key={open.id}
          item={open}
          onClose={() => setOpen(null)}
          onDecided={(item) => {
            setDecided(item);
            setOpen(null);
          }}
        />
      ) : queue.isLoading ? (
        <PageLoading />
      ) : !queue.data ? (
        <ApiErrorText error={queue.error} />
      ) : queue.data.data.length === 0 ? (
        <p className="empty-state" data-testid="queue-empty">
          {intl.formatMessage({ id: 'olympiadWorks.moderation.empty' })}
        </p>
      ) : (
        <>
          <p className="muted">{intl.formatMessage({ id: 'olympiadWorks.moderation.waiting' }, { count: meta?.total ?? queue.data.data.length })}</p>
          <ul className="queue" data-testid="queue">
            {queue.data.data.map((item) => (
              <QueueRow
                key={item.id}
                item={item}
                onOpen={() => {
                  setDecided(null);
                  setOpen(item);
                }}
              />
            ))}
          </ul>
          {meta && meta.last_page > 1 ? (
            <div className="form-actions">
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {intl.formatMessage({ id: 'olympiadWorks.moderation.previous' })}
              </button>
              <span>{intl.formatMessage({ id: 'olympiadWorks.moderation.page' }, { page, last: meta.last_page })}</span>
              <button type="button" className="button" disabled={page >= meta.last_page} onClick={() => setPage(page + 1)}>
                {intl.formatMessage({ id: 'olympiadWorks.moderation.next' })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
