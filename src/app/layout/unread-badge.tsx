import { useIntl } from 'react-intl';
import { useAppSelector } from '../../session/hooks';
import { Link } from 'react-router';
import { selectConnectionStatus, selectCounts, selectCountsLoaded } from '../../realtime/realtime-slice';

/** The bell with the unread total; a quiet note while the realtime link reconnects. */
export function UnreadBadge() {
  const intl = useIntl();
  const counts = useAppSelector(selectCounts);
  const loaded = useAppSelector(selectCountsLoaded);
  const status = useAppSelector(selectConnectionStatus);
  const total = counts.unread_notifications;
  const label = intl.formatMessage({ id: 'header.notifications' }, { count: total });
  const chatsLabel = intl.formatMessage({ id: 'chats.ui.headerLink' }, { count: counts.unread_messages });
  return (
    <>
      {status === 'reconnecting' || status === 'offline' ? (
        <span className="connection-note" role="status" data-testid={status}>
          {intl.formatMessage({ id: status === 'offline' ? 'header.offline' : 'header.reconnecting' })}
        </span>
      ) : null}
      <Link to="/notifications" className="icon-button" aria-label={label} title={label} data-testid="notifications-link">
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {loaded && total > 0 ? (
          <span className="count-badge" data-testid="unread-notifications">
            {total > 99 ? '99+' : total}
          </span>
        ) : null}
      </Link>
      <Link to="/chats" className="icon-button header-chats" aria-label={chatsLabel} title={chatsLabel} data-testid="chats-link">
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
        {loaded && counts.unread_messages > 0 ? (
          <span className="count-badge" data-testid="unread-messages">
            {counts.unread_messages > 99 ? '99+' : counts.unread_messages}
          </span>
        ) : null}
      </Link>
    </>
  );
}
