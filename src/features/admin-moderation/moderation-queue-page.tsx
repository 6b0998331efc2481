import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { ModerationItem } from '../../../shared/api/admin-moderation';
import { MODERATED_KINDS, MODERATION_FILTERS, MODERATION_SORTS, type ModeratedKind, type ModerationFilter, type ModerationSort } from '../../../shared/moderation/moderation-values';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { StaffShell } from '../../staff/staff-shell';
import { StaffTable, type StaffColumn } from '../../staff/staff-table';
import { useSelection } from '../../staff/use-selection';
import { useTableParams } from '../../staff/use-table-params';
import { itemName } from './item-name';
import { useApproveCatalogItemsMutation, useCatalogModerationQueueQuery } from './moderation-api';
import { ModerationReview } from './moderation-review';
import './admin-moderation.css';

/** The kind a queue screen is for, from its address (`/admin/businesses`, `/admin/ads`, `/admin/products`). */
function kindOf(pathname: string): ModeratedKind {
  const segment = pathname.split('/')[2];
  return MODERATED_KINDS.find((kind) => kind === segment) ?? 'businesses';
}

/**
 * `/admin/businesses`, `/admin/ads`, `/admin/products` (moderators and admins): one queue for the
 * three kinds, oldest first, filter and order in the URL. A row opens the item as a buyer sees it
 * to claim and decide; chosen rows are approved together (each one the moderator can claim).
 */
export default function ModerationQueuePage() {
  const kind = kindOf(useLocation().pathname);
  return (
    <StaffShell section={kind}>
      <ModerationQueue key={kind} kind={kind} />
    </StaffShell>
  );
}

function ModerationQueue({ kind }: { kind: ModeratedKind }) {
  const intl = useIntl();
  const params = useTableParams(['filter', 'order'] as const);
  const filter: ModerationFilter = MODERATION_FILTERS.find((f) => f === params.filters.filter) ?? 'all';
  const sort: ModerationSort = MODERATION_SORTS.find((s) => s === params.filters.order) ?? 'oldest';
  const queue = useCatalogModerationQueueQuery({ kind, page: params.page, filter, sort }, { refetchOnMountOrArgChange: true, pollingInterval: 60_000 });
  const selection = useSelection(`${kind}:${filter}:${sort}:${params.page}`);
  const [approveMany, bulk] = useApproveCatalogItemsMutation();
  const [open, setOpen] = useState<ModerationItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: StaffColumn<ModerationItem>[] = [
    {
      label: 'admin.moderation.column.item',
      cell: (item) => (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setNotice(null);
            setOpen(item);
          }}
          aria-label={intl.formatMessage({ id: 'admin.moderation.open' }, { name: itemName(item) })}
          data-testid="moderation-open"
        >
          {itemName(item)}
        </button>
      ),
    },
    { label: 'admin.moderation.column.owner', cell: (item) => item.owner.name },
    { label: 'admin.moderation.column.submitted', cell: (item) => (item.submitted_at ? intl.formatDate(item.submitted_at, { dateStyle: 'medium', timeStyle: 'short' }) : '—') },
    {
      label: 'admin.moderation.column.state',
      cell: (item) => (
        <>
          {intl.formatMessage({ id: `admin.moderation.status.${item.status}` })}
          {item.previous_reason ? <span className="muted"> · {intl.formatMessage({ id: 'admin.moderation.previousReason' }, { reason: item.previous_reason })}</span> : null}
          {item.claimed_by ? (
            <span className="muted"> · {intl.formatMessage({ id: item.claimed_by_me ? 'admin.moderation.claimedByMe' : 'admin.moderation.claimedBy' }, { name: item.claimed_by.name })}</span>
          ) : null}
        </>
      ),
    },
  ];

  const chosen = [...selection.chosen];
  return (
    <section className="admin-moderation" data-testid={`moderation-${kind}`}>
      <PageTitle id={`admin.moderation.title.${kind}`} />
      {notice ? (
        <p className="form-success" role="status" data-testid="moderation-notice">
          {notice}
        </p>
      ) : null}
      {open ? (
        <ModerationReview
          key={open.id}
          kind={kind}
          item={open}
          onClose={() => setOpen(null)}
          onDecided={(item) => {
            setNotice(intl.formatMessage({ id: `admin.moderation.decided.${item.status === 'rejected' ? 'rejected' : 'approved'}` }, { name: itemName(item) }));
            setOpen(null);
          }}
        />
      ) : (
        <>
          <div className="admin-moderation-controls">
            <label>
              {intl.formatMessage({ id: 'admin.moderation.filter.label' })}{' '}
              <select value={filter} onChange={(event) => params.update({ filter: event.target.value === 'all' ? null : event.target.value })} data-testid="moderation-filter">
                {MODERATION_FILTERS.map((value) => (
                  <option key={value} value={value}>
                    {intl.formatMessage({ id: `admin.moderation.filter.${value}` })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {intl.formatMessage({ id: 'admin.moderation.sort.label' })}{' '}
              <select value={sort} onChange={(event) => params.update({ order: event.target.value === 'oldest' ? null : event.target.value })}>
                {MODERATION_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {intl.formatMessage({ id: `admin.moderation.sort.${value}` })}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button"
              disabled={chosen.length === 0 || bulk.isLoading}
              onClick={() =>
                void approveMany({ kind, ids: chosen })
                  .unwrap()
                  .then(({ data }) => {
                    selection.clear();
                    setNotice(intl.formatMessage({ id: 'admin.moderation.bulkDone' }, { approved: data.approved.length, refused: data.refused.length }));
                  })
                  .catch(() => undefined)
              }
              data-testid="moderation-approve-chosen"
            >
              {intl.formatMessage({ id: 'admin.moderation.approveChosen' }, { count: chosen.length })}
            </button>
          </div>
          <ApiErrorText error={bulk.error} />
          {queue.isLoading ? (
            <PageLoading />
          ) : !queue.data ? (
            <ApiErrorText error={queue.error} />
          ) : (
            <StaffTable
              caption={intl.formatMessage({ id: `admin.moderation.title.${kind}` })}
              columns={columns}
              rows={queue.data.data}
              meta={queue.data.meta}
              sort={null}
              dir="asc"
              onSort={() => undefined}
              selection={selection}
              empty={intl.formatMessage({ id: 'admin.moderation.empty' })}
              testId="moderation-table"
            />
          )}
        </>
      )}
    </section>
  );
}
