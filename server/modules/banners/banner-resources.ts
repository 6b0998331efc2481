import type { ModerationBanner, SellerBanner } from '../../../shared/api/seller-banners';
import { BANNER_CLAIM_MINUTES } from '../../../shared/validation/seller-banners';
import type { Banner } from '../../db/schema';
import type { ImageMap } from '../catalog/common/images-repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether buyers see the banner now (the same rule as `activeBanners`). */
export const isLive = (row: Banner, now: Date) =>
  row.status === 'approved' && row.active && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now);

/** A claim that has not lapsed. */
export const claimHeld = (row: Banner, now: Date) => row.claimedBy !== null && row.claimedAt !== null && row.claimedAt.getTime() + BANNER_CLAIM_MINUTES * 60_000 > now.getTime();

/** The seller's copy of a banner: texts as they wrote them, with its state and the moderator's reason. */
export function toSellerBanner(row: Banner, images: ImageMap, now: Date): SellerBanner {
  return {
    id: row.id,
    placement: row.placement,
    title: row.title,
    title_en: row.titleEn,
    subtitle: row.subtitle,
    image: (row.imageId && images.get(row.imageId)) || null,
    link: row.link,
    background: row.background,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    status: row.status,
    rejection_reason: row.rejectionReason,
    live: isLive(row, now),
    created_at: row.createdAt.toISOString(),
    moderated_at: iso(row.moderatedAt),
  };
}

export function toModerationBanner(row: Banner, ctx: { images: ImageMap; names: Map<number, string>; moderatorId: number; now: Date }): ModerationBanner {
  const held = claimHeld(row, ctx.now) ? row.claimedBy : null;
  const person = (id: number | null) => (id === null ? null : { id, name: ctx.names.get(id) ?? '' });
  return {
    ...toSellerBanner(row, ctx.images, ctx.now),
    owner: person(row.ownerId),
    claimed_by: person(held),
    claimed_by_me: held !== null && held === ctx.moderatorId,
  };
}
