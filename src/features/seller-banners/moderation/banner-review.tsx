import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ModerationBanner } from '../../../../shared/api/seller-banners';
import { BANNER_REJECTION_REASON_MAX } from '../../../../shared/validation/seller-banners';
import { ApiErrorText } from '../../../components/api-error-text';
import { RejectReasonForm } from '../../../staff/reject-reason-form';
import { useDecisionCall } from '../../../staff/use-decision-call';
import { BannerPreview } from '../banner-preview';
import { useApproveBannerMutation, useClaimBannerMutation, useRejectBannerMutation } from '../banners-api';
import { BannerDays, BannerStatus } from '../my-banners';


interface ReviewProps {
  banner: ModerationBanner;
  onClose(): void;
  onDecided(banner: ModerationBanner): void;
}

/**
 * One banner open for a decision, shown as buyers would see it, with where it leads. A moderator
 * claims it first (someone else holding it is a 409, said in the server's words), then approves
 * it or rejects it with a reason the seller will read.
 */
export function BannerReview({ banner: initial, onClose, onDecided }: ReviewProps) {
  const intl = useIntl();
  const [banner, setBanner] = useState(initial);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [claim, claiming] = useClaimBannerMutation();
  const [approve, approving] = useApproveBannerMutation();
  const [reject, rejectingCall] = useRejectBannerMutation();
  const { run, error, conflict } = useDecisionCall('sellerBanners.errors.alreadyDecided');
  const busy = claiming.isLoading || approving.isLoading || rejectingCall.isLoading;

  return (
    <section className="seller-banner-item" aria-labelledby="banner-review-heading" data-testid="banner-review">
      <h2 id="banner-review-heading">{intl.formatMessage({ id: 'sellerBanners.moderation.itemTitle' }, { title: banner.title })}</h2>
      <BannerPreview title={banner.title} subtitle={banner.subtitle} image={banner.image} background={banner.background} />
      {banner.title_en ? <p className="muted">{intl.formatMessage({ id: 'sellerBanners.moderation.titleEn' }, { title: banner.title_en })}</p> : null}
      <dl className="seller-banner-meta">
        <dt>{intl.formatMessage({ id: 'sellerBanners.moderation.seller' })}</dt>
        <dd>{banner.owner?.name ?? '—'}</dd>
        <dt>{intl.formatMessage({ id: 'sellerBanners.form.link' })}</dt>
        <dd>
          <Link to={banner.link} target="_blank" rel="noopener" data-testid="banner-review-link">
            {banner.link}
          </Link>
        </dd>
        <dt>{intl.formatMessage({ id: 'sellerBanners.form.placement' })}</dt>
        <dd>{intl.formatMessage({ id: `sellerBanners.placement.${banner.placement}` })}</dd>
        <dt>{intl.formatMessage({ id: 'sellerBanners.moderation.days' })}</dt>
        <dd>
          <BannerDays banner={banner} />
        </dd>
        <dt>{intl.formatMessage({ id: 'sellerBanners.moderation.state' })}</dt>
        <dd>
          <BannerStatus banner={banner} />
        </dd>
      </dl>
      {conflict ? (
        <p className="form-error" role="alert" data-testid="banner-conflict">
          {conflict}
        </p>
      ) : null}
      <ApiErrorText error={error} />
      {!banner.claimed_by_me ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy || banner.status !== 'moderation'}
            onClick={() => void run(async () => setBanner((await claim(banner.id).unwrap()).data))}
            data-testid="banner-claim"
          >
            {intl.formatMessage({ id: 'sellerBanners.moderation.claim' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'sellerBanners.moderation.back' })}
          </button>
        </div>
      ) : rejecting ? (
        <RejectReasonForm
          reason={reason}
          onReasonChange={setReason}
          maxLength={BANNER_REJECTION_REASON_MAX}
          busy={busy}
          words={{ label: 'sellerBanners.moderation.reason', required: 'sellerBanners.errors.reasonRequired', send: 'sellerBanners.moderation.reject', cancel: 'sellerBanners.moderation.cancel' }}
          testIds={{ form: 'banner-reject-form', reason: 'banner-reason-text', send: 'banner-confirm-reject' }}
          onReject={(written) => void run(async () => onDecided((await reject({ id: banner.id, reason: written }).unwrap()).data))}
          onCancel={() => setRejecting(false)}
        />
      ) : (
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void run(async () => onDecided((await approve(banner.id).unwrap()).data))}
            data-testid="banner-approve"
          >
            {intl.formatMessage({ id: 'sellerBanners.moderation.approve' })}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setRejecting(true)} data-testid="banner-reject">
            {intl.formatMessage({ id: 'sellerBanners.moderation.reject' })}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'sellerBanners.moderation.back' })}
          </button>
        </div>
      )}
    </section>
  );
}
