import { useIntl } from 'react-intl';
import type { OrderResource } from '../../../shared/api/orders';
import { stepsAhead } from './order-path';

/** Every move the order made (who, when, why), then the steps still ahead of it, greyed. */
export function OrderTimeline({ order }: { order: OrderResource }) {
  const intl = useIntl();
  const done = [...order.timeline].sort((a, b) => a.at.localeCompare(b.at));
  const ahead = stepsAhead(order.status, order.delivery_kind);
  return (
    <ol className="order-timeline" data-testid="order-timeline">
      {done.map((entry, index) => (
        <li key={`${entry.to}-${index}`} className="is-done" data-testid="timeline-done">
          <strong>{intl.formatMessage({ id: `orders.status.${entry.to}` })}</strong>{' '}
          <time dateTime={entry.at}>{intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          <span className="cat-muted"> · {intl.formatMessage({ id: `orders.actor.${entry.by}` })}</span>
          {entry.reason ? <p className="order-reason">{entry.reason}</p> : null}
        </li>
      ))}
      {ahead.map((status) => (
        <li key={status} className="is-ahead" data-testid="timeline-ahead">
          {intl.formatMessage({ id: `orders.status.${status}` })}
        </li>
      ))}
    </ol>
  );
}
