import type { BannerLinkList, BannerQueueResponse, ModerationBanner, SellerBanner, SellerBannerList } from '../../../shared/api/seller-banners';
import { api } from '../../services/api';

/** A refusal is what the seller or moderator must see; a retry would only hide a 403, 409 or 422. */
const NO_RETRY = { retryCondition: () => false } as const;

const bannersBase = api.enhanceEndpoints({ addTagTypes: ['SellerBanner', 'BannerModeration', 'AdminCounts'] });

/** The text fields of a new banner; the picture goes beside them. */
export interface NewBanner {
  title: string;
  title_en: string;
  subtitle: string;
  link: string;
  placement: string;
  starts_at: string;
  ends_at: string;
}

/** Sellers' banners (shared/api/seller-banners.ts lists every call): mine, my pages to link to, creating one, moderation. */
export const bannersApi = bannersBase.injectEndpoints({
  endpoints: (build) => ({
    myBanners: build.query<SellerBannerList, void>({
      query: () => '/ads/my-banners',
      providesTags: ['SellerBanner'],
    }),
    bannerLinks: build.query<BannerLinkList, void>({
      query: () => '/ads/banner-links',
    }),
    createBanner: build.mutation<{ data: SellerBanner }, { fields: NewBanner; image: File }>({
      query: ({ fields, image }) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) if (value !== '') form.append(key, value);
        form.append('image', image);
        return { url: '/ads/create-banner', method: 'POST', body: form };
      },
      extraOptions: NO_RETRY,
      invalidatesTags: ['SellerBanner', 'BannerModeration', 'AdminCounts'],
    }),
    bannerQueue: build.query<BannerQueueResponse, { page: number }>({
      query: ({ page }) => ({ url: '/moderation/banners', params: { page, per_page: 20 } }),
      providesTags: ['BannerModeration'],
    }),
    claimBanner: build.mutation<{ data: ModerationBanner }, number>({
      query: (id) => ({ url: `/moderation/banners/${id}/claim`, method: 'POST' }),
      extraOptions: NO_RETRY,
    }),
    approveBanner: build.mutation<{ data: ModerationBanner }, number>({
      query: (id) => ({ url: `/moderation/banners/${id}/approve`, method: 'POST' }),
      extraOptions: NO_RETRY,
      // The admin shell's waiting count drops with each decision (src/staff/admin-counts-api.ts).
      invalidatesTags: ['BannerModeration', 'AdminCounts'],
    }),
    rejectBanner: build.mutation<{ data: ModerationBanner }, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/moderation/banners/${id}/reject`, method: 'POST', body: { reason } }),
      extraOptions: NO_RETRY,
      // The admin shell's waiting count drops with each decision (src/staff/admin-counts-api.ts).
      invalidatesTags: ['BannerModeration', 'AdminCounts'],
    }),
  }),
});

/** A moderator decided one of my banners (NotificationSent `banner_moderated`): my list is read again. */
export const myBannersChanged = () => bannersApi.util.invalidateTags(['SellerBanner']);

export const {
  useMyBannersQuery,
  useBannerLinksQuery,
  useCreateBannerMutation,
  useBannerQueueQuery,
  useClaimBannerMutation,
  useApproveBannerMutation,
  useRejectBannerMutation,
} = bannersApi;
