import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ModerationItem } from '../../../../shared/api/olympiad-works';
import { OLYMPIAD_EDITORS } from '../../../../shared/roles';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { RoleOnly } from '../../../session/role-only';
import { SignedInOnly } from '../components/signed-in-only';
import { WorksFrame } from '../components/works-frame';
import { useModerationQueueQuery } from '../works-api';
import { ModerationItemPanel } from './moderation-item-panel';
import { QueueRow } from './queue-row';

/** The moderation queue (roles moderator and admin): overdue first, then oldest; each work decided within 24 hours. */
export default function ModerationPage() {
  return (
    <SignedInOnly>
      <RoleOnly roles={OLYMPIAD_EDITORS} otherwise="/olympiad">
        <WorksFrame>
          <ModerationQueue />
        </WorksFrame>
      </RoleOnly>
    </SignedInOnly>
  );
}

function ModerationQueue() {
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
