import { useIntl } from 'react-intl';
import type { ModerationItem } from '../../../../shared/api/olympiad-works';

/** How long a work has waited, in whole hours ("under an hour" at first). */
export function AgeText({ hours }: { hours: number }) {
  const intl = useIntl();
  return <>{hours < 1 ? intl.formatMessage({ id: 'olympiadWorks.moderation.ageNew' }) : intl.formatMessage({ id: 'olympiadWorks.moderation.age' }, { hours: Math.floor(hours) })}</>;
}

/** A work waiting for a decision: its age marked when close to 24 hours or past them, and who holds it. */
export function QueueRow({ item, onOpen }: { item: ModerationItem; onOpen(): void }) {
  const intl = useIntl();
  return (
    <li className={`queue-row queue-row-${item.due}`} data-testid="queue-row" data-work-id={item.id} data-due={item.due}>
      <div>
        <strong>{item.title}</strong>
        <span className="muted"> · {item.author.public_name} · {item.contest.title}</span>
      </div>
      <div className="queue-row-meta">
        <span data-testid="queue-age">
          <AgeText hours={item.age_hours} />
        </span>
        {item.due !== 'ok' ? (
          <span className={`badge due-${item.due}`} data-testid="queue-due">
            {intl.formatMessage({ id: `olympiadWorks.moderation.due.${item.due}` })}
          </span>
        ) : null}
        {item.claimed_by ? (
          <span className="muted">
            {intl.formatMessage({ id: item.claimed_by_me ? 'olympiadWorks.moderation.claimedByMe' : 'olympiadWorks.moderation.claimedBy' }, { name: item.claimed_by.name })}
          </span>
        ) : null}
        <button type="button" className="button" onClick={onOpen} aria-label={intl.formatMessage({ id: 'olympiadWorks.moderation.openLabel' }, { title: item.title })} data-testid="queue-open">
          {intl.formatMessage({ id: 'olympiadWorks.moderation.open' })}
        </button>
      </div>
    </li>
  );
}
