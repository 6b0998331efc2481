import { useIntl } from 'react-intl';
import { selectCounts, selectCountsLoaded } from '../../realtime/realtime-slice';
import { useAppSelector } from '../../session/hooks';
import { DashboardCard } from './dashboard-card';

/**
 * Unread messages: the header badge's live figure once the socket has loaded it (it moves with
 * every message and read receipt), the dashboard's own answer until then.
 */
export function MessagesCard({ fromServer }: { fromServer: number }) {
  const intl = useIntl();
  const counts = useAppSelector(selectCounts);
  const loaded = useAppSelector(selectCountsLoaded);
  const unread = loaded ? counts.unread_messages : fromServer;
  return (
    <DashboardCard id="seller-messages" title={intl.formatMessage({ id: 'sellerDashboard.messages.title' })} more={{ to: '/chats', label: intl.formatMessage({ id: 'sellerDashboard.messages.open' }) }}>
      <p className="seller-figure" aria-live="polite">
        <strong data-testid="seller-unread">{unread}</strong> {intl.formatMessage({ id: 'sellerDashboard.messages.unread' }, { count: unread })}
      </p>
      {unread === 0 ? <p className="seller-empty">{intl.formatMessage({ id: 'sellerDashboard.messages.none' })}</p> : null}
    </DashboardCard>
  );
}
