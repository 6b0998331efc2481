import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ModerationBanner } from '../../../../shared/api/seller-banners';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { StaffShell } from '../../../staff/staff-shell';
import { useBannerQueueQuery } from '../banners-api';
import { BannerReview } from './banner-review';
import '../seller-banners.css';

/** `/admin/banners` (roles moderator and admin, the admin area's section "banners"): sellers' banners waiting for a decision, oldest first. */
export default function BannerModerationPage() {
  return (
    <StaffShell section="banners">
      <BannerQueue />
    </StaffShell>
  );
}

function BannerQueue() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const queue = useBannerQueueQuery({ page }, { refetchOnMountOrArgChange: true, pollingInterval: 60_000 });
  const [open, setOpen] = useState<ModerationBanner | null>(null);
  const [decided, setDecided] = useState<ModerationBanner | null>(null);
  const meta = queue.data?.meta;
  return (
    <section className="seller-banners" data-testid="banner-moderation">
      <PageTitle id="sellerBanners.moderation.title" />
      {decided ? (
        <p className="form-success" role="status" data-testid="banner-decided">
          {intl.formatMessage({ id: `sellerBanners.moderation.done.${decided.status}` }, { title: decided.title })}
        </p>
      ) : null}
      {open ? (
        <BannerReview
          key={open.id}
          banner={open}
          onClose={() => setOpen(null)}
          onDecided={(banner) => {
            setDecided(banner);
            setOpen(null);
          }}
        />
      ) : queue.isLoading ? (
        <PageLoading />
      ) : !queue.data ? (
        <ApiErrorText error={queue.error} />
      ) : queue.data.data.length === 0 ? (
        <p className="empty-state" data-testid="banner-queue-empty">
          {intl.formatMessage({ id: 'sellerBanners.moderation.empty' })}
        </p>
      ) : (
        <>
          <p className="muted">{intl.formatMessage({ id: 'sellerBanners.moderation.waiting' }, { count: meta?.total ?? queue.data.data.length })}</p>
          <ul className="banner-queue" data-testid="banner-queue">
            {queue.data.data.map((banner) => (
              <li key={banner.id} data-testid="banner-queue-row">
                <span>
                  <strong>{banner.title}</strong> — {banner.owner?.name ?? ''}
                </span>
                <span className="muted">
                  {intl.formatDate(banner.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                  {banner.claimed_by ? ` · ${intl.formatMessage({ id: banner.claimed_by_me ? 'sellerBanners.moderation.claimedByMe' : 'sellerBanners.moderation.claimedBy' }, { name: banner.claimed_by.name })}` : ''}
                </span>
                <button
                  type="button"
                  className="button"
                  aria-label={intl.formatMessage({ id: 'sellerBanners.moderation.openLabel' }, { title: banner.title })}
                  onClick={() => {
                    setDecided(null);
                    setOpen(banner);
                  }}
                >
                  {intl.formatMessage({ id: 'sellerBanners.moderation.open' })}
                </button>
              </li>
            ))}
          </ul>
          {meta && meta.last_page > 1 ? (
            <div className="form-actions">
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {intl.formatMessage({ id: 'sellerBanners.moderation.previous' })}
              </button>
              <button type="button" className="button" disabled={page >= meta.last_page} onClick={() => setPage(page + 1)}>
                {intl.formatMessage({ id: 'sellerBanners.moderation.next' })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
