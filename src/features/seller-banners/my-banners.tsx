import { useIntl } from 'react-intl';
import type { SellerBanner } from '../../../shared/api/seller-banners';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { BannerPreview } from './banner-preview';
import { lastDayOf } from './banner-dates';
import { useMyBannersQuery } from './banners-api';

/** A banner's state in words: on moderation, live now, approved (before or after its dates), rejected. */
export function BannerStatus({ banner }: { banner: Pick<SellerBanner, 'status' | 'live'> }) {
  const intl = useIntl();
  const key = banner.status === 'approved' && banner.live ? 'live' : banner.status;
  return (
    <span className={`banner-status banner-status-${banner.status}`} data-testid="banner-status">
      {intl.formatMessage({ id: `sellerBanners.status.${key}` })}
    </span>
  );
}

/** "1 May – 30 May 2026": the days a banner runs, its last day inclusive. */
export function BannerDays({ banner }: { banner: Pick<SellerBanner, 'starts_at' | 'ends_at'> }) {
  const intl = useIntl();
  if (!banner.starts_at || !banner.ends_at) return null;
  return <span>{intl.formatDateTimeRange(new Date(banner.starts_at), lastDayOf(banner.ends_at), { dateStyle: 'medium' })}</span>;
}

/** The seller's banners, newest first, each with its state and, when rejected, the moderator's reason. */
export function MyBanners() {
  const intl = useIntl();
  const mine = useMyBannersQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="my-banners-heading">
      <h2 id="my-banners-heading">{intl.formatMessage({ id: 'sellerBanners.mine.heading' })}</h2>
      {mine.isLoading ? (
        <PageLoading />
      ) : !mine.data ? (
        <ApiErrorText error={mine.error} />
      ) : mine.data.data.length === 0 ? (
        <p className="empty-state">{intl.formatMessage({ id: 'sellerBanners.mine.empty' })}</p>
      ) : (
        <ul className="seller-banner-list" data-testid="my-banners">
          {mine.data.data.map((banner) => (
            <li key={banner.id} className="seller-banner-item" data-testid="my-banner">
              <BannerPreview title={banner.title} subtitle={banner.subtitle} image={banner.image} background={banner.background} />
              <p className="seller-banner-meta">
                <BannerStatus banner={banner} />
                <span>{intl.formatMessage({ id: `sellerBanners.placement.${banner.placement}` })}</span>
                <BannerDays banner={banner} />
              </p>
              {banner.status === 'rejected' && banner.rejection_reason ? (
                <p className="form-error" data-testid="banner-reason">
                  {intl.formatMessage({ id: 'sellerBanners.mine.reason' }, { reason: banner.rejection_reason })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
