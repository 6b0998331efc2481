import { useIntl } from 'react-intl';
import type { WorkStatus } from '../../../../shared/api/olympiad-works';

/** On moderation, published, or not published: the words of SPEC §3 for a work's state. */
export function StatusBadge({ status }: { status: WorkStatus }) {
  const intl = useIntl();
  return (
    <span className={`badge work-status work-status-${status}`} data-testid="work-status" data-status={status}>
      {intl.formatMessage({ id: `olympiadWorks.status.${status}` })}
    </span>
  );
}
