import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ModerationItem } from '../../../shared/api/admin-moderation';
import { MODERATION_REASON_MAX, type ModeratedKind } from '../../../shared/moderation/moderation-values';
import { ApiErrorText } from '../../components/api-error-text';
import { RejectReasonForm } from '../../staff/reject-reason-form';
import { useDecisionCall } from '../../staff/use-decision-call';
import { BuyerView } from './buyer-view';
import { itemName } from './item-name';
import { useApproveCatalogItemMutation, useClaimCatalogItemMutation, useRejectCatalogItemMutation } from './moderation-api';

const PAGE: Record<ModeratedKind, string> = { businesses: '/stores/', ads: '/ads/', products: '/products/' };

interface ReviewProps {
  kind: ModeratedKind;
  item: ModerationItem;
  onClose(): void;
  onDecided(item: ModerationItem): void;
}

/**
 * One business, ad or product open for a decision, as a buyer would see it. The moderator claims
 * it first (someone else holding it is a 409, said in the server's words), then approves it or
 * rejects it with a reason the owner reads; the reason typed stays if the call fails.
 */
export function ModerationReview({ kind, item: initial, onClose, onDecided }: ReviewProps) {
  const intl = useIntl();
  const [item, setItem] = useState(initial);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [claim, claiming] = useClaimCatalogItemMutation();
  const [approve, approving] = useApproveCatalogItemMutation();
  const [reject, rejectingCall] = useRejectCatalogItemMutation();
  const { run, error, conflict } = useDecisionCall('admin.moderation.errors.alreadyDecided');
  const headingId = useId();
  const busy = claiming.isLoading || approving.isLoading || rejectingCall.isLoading;

  return (
    <section className="admin-moderation-item" aria-labelledby={headingId} data-testid="moderation-review">
      <h2 id={headingId}>{itemName(item)}</h2>
      <p className="muted">
        {intl.formatMessage({ id: 'admin.moderation.owner' }, { name: item.owner.name })} · {intl.formatMessage({ id: `admin.moderation.status.${item.status}` })}
        {item.claimed_by ? ` · ${intl.formatMessage({ id: item.claimed_by_me ? 'admin.moderation.claimedByMe' : 'admin.moderation.claimedBy' }, { name: item.claimed_by.name })}` : ''}
      </p>
      {item.previous_reason ? <p className="muted">{intl.formatMessage({ id: 'admin.moderation.previousReason' }, { reason: item.previous_reason })}</p> : null}
      <BuyerView item={item} />
      {item.status === 'review' ? (
        <p>
          <Link to={`${PAGE[kind]}${item.id}`} target="_blank" rel="noopener">
            {intl.formatMessage({ id: 'admin.moderation.viewPage' })}
          </Link>
        </p>
      ) : null}
      {conflict ? (
        <p className="form-error" role="alert" data-testid="moderation-conflict">
          {conflict}
        </p>
      ) : null}
      <ApiErrorText error={error} />
      {!item.claimed_by_me ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void run(async () => setItem((await claim({ kind, id: item.id }).unwrap()).data))}
            data-testid="moderation-claim"
          >
            {intl.formatMessage({ id: 'admin.moderation.claim' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'admin.moderation.close' })}
          </button>
        </div>
      ) : rejecting ? (
        <RejectReasonForm
          reason={reason}
          onReasonChange={setReason}
          maxLength={MODERATION_REASON_MAX}
          busy={busy}
          words={{ label: 'admin.moderation.reason', required: 'admin.moderation.errors.reasonRequired', send: 'admin.moderation.rejectSend', cancel: 'admin.moderation.close' }}
          testIds={{ form: 'moderation-reject-form', reason: 'moderation-reason', send: 'moderation-confirm-reject' }}
          onReject={(written) => void run(async () => onDecided((await reject({ kind, id: item.id, reason: written }).unwrap()).data))}
          onCancel={() => setRejecting(false)}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void run(async () => onDecided((await approve({ kind, id: item.id }).unwrap()).data))}
            data-testid="moderation-approve"
          >
            {intl.formatMessage({ id: 'admin.moderation.approve' })}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setRejecting(true)} data-testid="moderation-reject">
            {intl.formatMessage({ id: 'admin.moderation.reject' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'admin.moderation.close' })}
          </button>
        </div>
      )}
    </section>
  );
}
