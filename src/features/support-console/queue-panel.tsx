import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { SupportConversationResource, SupportCounts } from '../../../shared/api/support';
import { QUEUE_FILTERS, SUPPORT_STATUSES, type SupportStatus } from '../../../shared/api/support-values';
import { ApiErrorText } from '../../components/api-error-text';
import type { QueueArgs } from './queue-args';
import { QueueItem } from './queue-item';
import { useSupportQueueInfiniteQuery } from './support-console-api';

interface QueuePanelProps {
  args: QueueArgs;
  onArgs: (args: QueueArgs) => void;
  openId: number | null;
  counts: SupportCounts | undefined;
  agentId: number;
}

/** A conversation can sit on two pages when the queue moved between their fetches: it is listed once. */
function uniqueById(items: SupportConversationResource[]): SupportConversationResource[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

export function QueuePanel({ args, onArgs, openId, counts, agentId }: QueuePanelProps) {
  const intl = useIntl();
  const { data, error, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage } = useSupportQueueInfiniteQuery(args);
  const items = useMemo(() => uniqueById(data?.pages.flatMap((page) => page.data) ?? []), [data]);
  const [search, setSearch] = useState(args.q);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    onArgs({ ...args, q: search });
  };

  return (
    <section className="console-queue" aria-label={intl.formatMessage({ id: 'supportConsole.queue' })}>
      <div className="console-filters" role="group" aria-label={intl.formatMessage({ id: 'supportConsole.filterLabel' })}>
        {QUEUE_FILTERS.map((filter) => {
          const unread = counts?.unread[filter] ?? 0;
          return (
            <button
              key={filter}
              type="button"
              className={`console-filter${args.filter === filter ? ' is-active' : ''}`}
              aria-pressed={args.filter === filter}
              data-testid={`queue-filter-${filter}`}
              onClick={() => onArgs({ ...args, filter })}
            >
              {intl.formatMessage({ id: `supportConsole.filter.${filter}` })}
              {unread > 0 ? (
                <span className="count-badge console-count" aria-label={intl.formatMessage({ id: 'supportConsole.unreadCount' }, { count: unread })}>
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div className="console-refine">
        <label className="console-status">
          <span className="visually-hidden">{intl.formatMessage({ id: 'supportConsole.statusFilter' })}</span>
          <select
            value={args.status ?? ''}
            data-testid="queue-status"
            onChange={(event) => onArgs({ ...args, status: (event.target.value || null) as SupportStatus | null })}
          >
            <option value="">{intl.formatMessage({ id: 'supportConsole.status.any' })}</option>
            {SUPPORT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {intl.formatMessage({ id: `supportConsole.status.${status}` })}
                {counts ? ` (${counts.status[status]})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="console-unread">
          <input type="checkbox" checked={args.unread} data-testid="queue-unread-only" onChange={(event) => onArgs({ ...args, unread: event.target.checked })} />
          {intl.formatMessage({ id: 'supportConsole.unreadOnly' })}
        </label>
      </div>
      <form className="console-search" role="search" onSubmit={submitSearch}>
        <input
          type="search"
          value={search}
          maxLength={200}
          aria-label={intl.formatMessage({ id: 'supportConsole.search' })}
          placeholder={intl.formatMessage({ id: 'supportConsole.search' })}
          data-testid="queue-search"
          onChange={(event) => {
            setSearch(event.target.value);
            // Clearing the box shows the whole queue again without another press.
            if (!event.target.value && args.q) onArgs({ ...args, q: '' });
          }}
        />
        <button type="submit" className="button">
          {intl.formatMessage({ id: 'supportConsole.find' })}
        </button>
      </form>
      <ApiErrorText error={error} />
      {isLoading ? <p className="muted console-note">{intl.formatMessage({ id: 'common.loading' })}</p> : null}
      {data && items.length === 0 ? (
        <p className="muted console-note" data-testid="queue-empty">
          {intl.formatMessage({ id: args.q.trim() ? 'supportConsole.nothingFound' : 'supportConsole.queueEmpty' })}
        </p>
      ) : null}
      <ul className="console-list" data-testid="queue">
        {items.map((conversation) => (
          <QueueItem key={conversation.id} conversation={conversation} args={args} open={conversation.id === openId} agentId={agentId} />
        ))}
      </ul>
      {hasNextPage ? (
        <button type="button" className="button console-more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {intl.formatMessage({ id: isFetchingNextPage ? 'common.loading' : 'supportConsole.more' })}
        </button>
      ) : null}
    </section>
  );
}
