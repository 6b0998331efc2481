import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { NotificationResource } from '../../../shared/api/notifications';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { notificationLink } from '../../services/same-site-path';
import { useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation, useNotificationsQuery } from './notifications-api';
import { relativeTime } from './relative-time';
import './notifications.css';

/** "5 minutes ago" goes stale on a page left open; a minute is fine enough. */
function useNow(everyMs = 60_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function NotificationItem({ notification, now, onRead }: { notification: NotificationResource; now: number; onRead: (id: number) => void }) {
  const intl = useIntl();
  const unread = !notification.read_at;
  const link = notificationLink(notification.data);
  const markRead = () => {
    if (unread) onRead(notification.id);
  };
  const content = (
    <>
      {unread ? <span className="notification-dot" role="img" aria-label={intl.formatMessage({ id: 'notifications.unread' })} /> : null}
      <span className="notification-text">
        <span className="notification-title">{notification.title}</span>
        {notification.body ? <span className="notification-body">{notification.body}</span> : null}
      </span>
      <time className="notification-time" dateTime={notification.created_at} title={intl.formatDate(notification.created_at, { dateStyle: 'long', timeStyle: 'short' })}>
        {relativeTime(intl, notification.created_at, now)}
      </time>
    </>
  );
  let target = <div className="notification-target">{content}</div>;
  if (link) {
    target = (
      <Link className="notification-target" to={link} onClick={markRead}>
        {content}
      </Link>
    );
  } else if (unread) {
    target = (
      <button type="button" className="notification-target" onClick={markRead}>
        {content}
      </button>
    );
  }
  return (
    <li className={`notification-item${unread ? ' is-unread' : ''}`} data-testid="notification-item">
      {target}
    </li>
  );
}

/** One page of the list; every page is its own cache entry, so a reload fetches the same ones. */
function NotificationsChunk({ page, now, onRead }: { page: number; now: number; onRead: (id: number) => void }) {
  const { data, error, isLoading } = useNotificationsQuery(page);
  if (isLoading) {
    return (
      <li className="notification-item" aria-hidden="true">
        <div className="skeleton skeleton-line" />
      </li>
    );
  }
  if (!data) {
    return (
      <li className="notification-item">
        <ApiErrorText error={error} />
      </li>
    );
  }
  return data.data.map((notification) => <NotificationItem key={notification.id} notification={notification} now={now} onRead={onRead} />);
}

export default function NotificationsPage() {
  const intl = useIntl();
  const now = useNow();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Math.max(1, Number.parseInt(searchParams.get('page') ?? '', 10) || 1);
  const first = useNotificationsQuery(1);
  const lastPage = first.data?.meta.last_page ?? 1;
  const shown = Math.min(requested, lastPage);
  const newest = useNotificationsQuery(shown, { skip: !first.data });
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const [markRead, markingRead] = useMarkNotificationReadMutation();

  if (first.isLoading) return <PageLoading />;
  if (!first.data) {
    return (
      <section className="notifications-page narrow">
        <PageTitle id="notifications.title" />
        <ApiErrorText error={first.error} />
      </section>
    );
  }

  const loadMore = () =>
    setSearchParams(
      (params) => {
        params.set('page', String(shown + 1));
        return params;
      },
      // Each "load more" is not a place to go back to.
      { replace: true, preventScrollReset: true },
    );
  const onRead = (id: number) => void markRead(id);
  const empty = first.data.meta.total === 0;

  return (
    <section className="notifications-page narrow">
      <div className="notifications-header">
        <PageTitle id="notifications.title" />
        {empty ? null : (
          <button type="button" className="button" data-testid="mark-all-read" disabled={markingAll.isLoading} onClick={() => void markAll()}>
            {intl.formatMessage({ id: 'notifications.markAllRead' })}
          </button>
        )}
      </div>
      <ApiErrorText error={markingAll.error ?? markingRead.error} />
      {empty ? (
        <p className="notifications-empty muted">{intl.formatMessage({ id: 'notifications.empty' })}</p>
      ) : (
        <ul className="notification-list">
          {Array.from({ length: shown }, (_, index) => (
            <NotificationsChunk key={index + 1} page={index + 1} now={now} onRead={onRead} />
          ))}
        </ul>
      )}
      {shown < lastPage ? (
        <button type="button" className="button notifications-more" disabled={newest.isLoading} onClick={loadMore}>
          {intl.formatMessage({ id: newest.isLoading ? 'common.loading' : 'notifications.loadMore' })}
        </button>
      ) : null}
    </section>
  );
}
