import { useIntl } from 'react-intl';
import type { BroadcastResource } from '../../../shared/api/admin-broadcasts';

/** Delivered of total as a progress bar screen readers announce (aria-valuenow is the percentage). */
export function BroadcastProgress({ broadcast }: { broadcast: BroadcastResource }) {
  const intl = useIntl();
  const percent = broadcast.total > 0 ? Math.min(100, Math.round((broadcast.delivered / broadcast.total) * 100)) : broadcast.status === 'done' ? 100 : 0;
  const text = intl.formatMessage({ id: 'admin.broadcasts.progress' }, { delivered: broadcast.delivered, total: broadcast.total });
  return (
    <div className="broadcast-progress" data-testid={`broadcast-progress-${broadcast.id}`}>
      <div
        className="broadcast-progress-bar"
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'admin.broadcasts.progressLabel' }, { title: intl.locale === 'en' ? broadcast.title_en : broadcast.title_ru })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="broadcast-progress-text">{text}</span>
    </div>
  );
}

/** While anything is being sent (or is due any moment), progress is read again every second. */
export const needsPolling = (rows: BroadcastResource[], now = Date.now()) =>
  rows.some((row) => row.status === 'sending' || (row.status === 'scheduled' && Date.parse(row.send_at) <= now + 60_000));
