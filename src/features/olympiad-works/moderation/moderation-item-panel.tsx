import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { DecisionBody, ModerationItem } from '../../../../shared/api/olympiad-works';
import { ApiErrorText } from '../../../components/api-error-text';
import { apiErrorBody } from '../../../services/api';
import { StatusBadge } from '../components/status-badge';
import { WorkView } from '../work/work-view';
import { useClaimWorkMutation, useDecideWorkMutation, useReleaseWorkMutation } from '../works-api';
import { AgeText } from './queue-row';
import { RejectForm } from './reject-form';

const isConflict = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;

interface PanelProps {
  item: ModerationItem;
  onClose(): void;
  onDecided(item: ModerationItem): void;
}

/**
 * One work open for a decision, as a visitor would see it. A moderator claims it first (another
 * moderator holding it gets a 409, said plainly), then approves, rejects with a reason, or lets it go.
 */
export function ModerationItemPanel({ item: initial, onClose, onDecided }: PanelProps) {
  const intl = useIntl();
  const [item, setItem] = useState(initial);
  const [rejecting, setRejecting] = useState(false);
  const [claim, claiming] = useClaimWorkMutation();
  const [release, releasing] = useReleaseWorkMutation();
  const [decide, deciding] = useDecideWorkMutation();
  const [error, setError] = useState<unknown>(null);
  // A 409 in the server's words (who holds the work and for how long), or ours when it gave none.
  const [conflict, setConflict] = useState<{ kind: 'claimed' | 'decided'; text: string | null } | null>(null);

  const run = async (action: () => Promise<unknown>, onConflict: 'claimed' | 'decided') => {
    setError(null);
    setConflict(null);
    try {
      await action();
    } catch (failure) {
      if (isConflict(failure)) setConflict({ kind: onConflict, text: apiErrorBody(failure)?.message ?? null });
      else setError(failure);
    }
  };
  const decideWith = (body: DecisionBody) =>
    run(async () => {
      const { data } = await decide({ id: item.id, body }).unwrap();
      onDecided(data);
    }, 'decided');

  const mine = item.claimed_by_me;
  return (
    <section className="moderation-item works-panel" aria-labelledby="moderation-item-heading" data-testid="moderation-item">
      <h2 id="moderation-item-heading" className="visually-hidden">
        {intl.formatMessage({ id: 'olympiadWorks.moderation.itemTitle' }, { title: item.title })}
      </h2>
      <p className="queue-row-meta">
        <StatusBadge status={item.status} />
        <span>
          <AgeText hours={item.age_hours} />
        </span>
        {item.due !== 'ok' ? <span className={`badge due-${item.due}`}>{intl.formatMessage({ id: `olympiadWorks.moderation.due.${item.due}` })}</span> : null}
      </p>
      <WorkView work={item} />
      {item.decisions.length ? (
        <>
          <h3>{intl.formatMessage({ id: 'olympiadWorks.moderation.history' })}</h3>
          <ul className="decision-list" data-testid="decision-history">
            {item.decisions.map((decision, index) => (
              <li key={index}>
                {intl.formatMessage(
                  { id: 'olympiadWorks.moderation.decision' },
                  {
                    decision: intl.formatMessage({ id: `olympiadWorks.status.${decision.decision}` }),
                    moderator: decision.moderator ?? '—',
                    at: intl.formatDate(decision.decided_at, { dateStyle: 'medium', timeStyle: 'short' }),
                  },
                )}
                {decision.reason ? ` — ${decision.reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {conflict ? (
        <p className="form-error" role="alert" data-testid="moderation-conflict">
          {conflict.text ?? intl.formatMessage({ id: conflict.kind === 'claimed' ? 'olympiadWorks.moderation.takenByOther' : 'olympiadWorks.moderation.decidedAlready' })}
        </p>
      ) : null}
      <ApiErrorText error={error} />
      {!mine ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={claiming.isLoading || item.status !== 'moderation'}
            onClick={() => void run(async () => setItem((await claim(item.id).unwrap()).data), 'claimed')}
            data-testid="moderation-claim"
          >
            {intl.formatMessage({ id: 'olympiadWorks.moderation.claim' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'olympiadWorks.moderation.back' })}
          </button>
        </div>
      ) : rejecting ? (
        <RejectForm busy={deciding.isLoading} onCancel={() => setRejecting(false)} onReject={(body) => void decideWith(body)} />
      ) : (
        <div className="form-actions">
          <button type="button" className="button button-primary" disabled={deciding.isLoading} onClick={() => void decideWith({ decision: 'approved' })} data-testid="moderation-approve">
            {intl.formatMessage({ id: 'olympiadWorks.moderation.approve' })}
          </button>
          <button type="button" className="button" disabled={deciding.isLoading} onClick={() => setRejecting(true)} data-testid="moderation-reject">
            {intl.formatMessage({ id: 'olympiadWorks.moderation.reject' })}
          </button>
          <button
            type="button"
            className="button"
            disabled={releasing.isLoading}
            onClick={() =>
              void run(async () => {
                await release(item.id).unwrap();
                onClose();
              }, 'claimed')
            }
            data-testid="moderation-release"
          >
            {intl.formatMessage({ id: 'olympiadWorks.moderation.release' })}
          </button>
        </div>
      )}
    </section>
  );
}
