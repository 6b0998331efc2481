import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ModerationItem } from '../../../shared/api/admin-moderation';
import { MODERATION_REASON_MAX, type ModeratedKind } from '../../../shared/moderation/moderation-values';
import { ApiErrorText } from '../../components/api-error-text';
import { apiErrorBody } from '../../services/api';
import { BuyerView } from './buyer-view';
import { itemName } from './item-name';
import { useApproveCatalogItemMutation, useClaimCatalogItemMutation, useRejectCatalogItemMutation } from './moderation-api';

const isConflict = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;
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
  const [tried, setTried] = useState(false);
  const [claim, claiming] = useClaimCatalogItemMutation();
  const [approve, approving] = useApproveCatalogItemMutation();
  const [reject, rejectingCall] = useRejectCatalogItemMutation();
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const ids = { reason: useId(), error: useId(), heading: useId() };
  const busy = claiming.isLoading || approving.isLoading || rejectingCall.isLoading;
  const written = reason.trim();

  const run = async (action: () => Promise<void>) => {
    setError(null);
    setConflict(null);
    try {
      await action();
    } catch (failure) {
      if (isConflict(failure)) setConflict(apiErrorBody(failure)?.message ?? intl.formatMessage({ id: 'admin.moderation.errors.alreadyDecided' }));
      else setError(failure);
    }
  };

  return (
    <section className="admin-moderation-item" aria-labelledby={ids.heading} data-testid="moderation-review">
      <h2 id={ids.heading}>{itemName(item)}</h2>
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
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!written) return;
            void run(async () => onDecided((await reject({ kind, id: item.id, reason: written }).unwrap()).data));
          }}
          data-testid="moderation-reject-form"
        >
          <div className={`form-field${tried && !written ? ' has-error' : ''}`}>
            <label htmlFor={ids.reason}>{intl.formatMessage({ id: 'admin.moderation.reason' })}</label>
            <textarea
              id={ids.reason}
              rows={3}
              maxLength={MODERATION_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={tried && !written ? true : undefined}
              aria-describedby={tried && !written ? ids.error : undefined}
              data-testid="moderation-reason"
            />
            {tried && !written ? (
              <p className="field-error" id={ids.error} role="alert">
                {intl.formatMessage({ id: 'admin.moderation.errors.reasonRequired' })}
              </p>
            ) : null}
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-danger" disabled={busy} data-testid="moderation-confirm-reject">
              {intl.formatMessage({ id: 'admin.moderation.rejectSend' })}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setRejecting(false)}>
              {intl.formatMessage({ id: 'admin.moderation.close' })}
            </button>
          </div>
        </form>
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
