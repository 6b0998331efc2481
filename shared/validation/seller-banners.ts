import * as yup from 'yup';
import { BANNER_PLACEMENTS } from '../api/catalog-values';
import { parseRouteId } from '../routes';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from './catalog-image';
import type { SniffedType } from './file-content';
import { msg, type ValidationMessage } from './message';

/**
 * The rules of a seller's banner (issue 16 item 3), one source for the form (before sending) and
 * the server (on what arrives). Messages are catalogue keys of `sellerBanners.errors`.
 */

export const BANNER_TITLE_MAX = 120;
export const BANNER_SUBTITLE_MAX = 255;
export const BANNER_REJECTION_REASON_MAX = 500;
/** A banner runs at most a year: 366 days, so a whole leap year fits. */
export const BANNER_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A moderator's claim lapses after this, so a banner is never stuck with someone who went away. */
export const BANNER_CLAIM_MINUTES = 15;

/**
 * The pages a banner may lead to: the seller's own, by the paths of `shared/routes.ts`
 * (a business `/stores/:id`, a product or service `/products/:id`, an ad `/ads/:id`, the
 * seller's public page `/user/:id`). Whether the thing is theirs the server checks.
 */
export const BANNER_LINK_KINDS = ['business', 'product', 'ad', 'user'] as const;
export type BannerLinkKind = (typeof BANNER_LINK_KINDS)[number];
const LINK_PREFIX: Record<BannerLinkKind, string> = { business: '/stores/', product: '/products/', ad: '/ads/', user: '/user/' };

export const bannerLink = (kind: BannerLinkKind, id: number) => `${LINK_PREFIX[kind]}${id}`;

/** What a link names (`/stores/12` → business 12), or null for anything else (another path, an outside address). */
export function parseBannerLink(link: string): { kind: BannerLinkKind; id: number } | null {
  const match = /^\/(stores|products|ads|user)\/([^/?#]+)$/.exec(link);
  if (!match) return null;
  const kind = BANNER_LINK_KINDS.find((k) => LINK_PREFIX[k] === `/${match[1]}/`)!;
  const id = parseRouteId(match[2]);
  return id === null ? null : { kind, id };
}

/** SPEC §5/§9 for pictures: png, jpeg or webp by content, at most 10 MB. */
export const BANNER_IMAGE_FORMAT = msg('sellerBanners.errors.imageFormat');
export const BANNER_IMAGE_TOO_LARGE = msg('sellerBanners.errors.imageTooLarge', { max: IMAGE_MAX_MB });

/** The picture's own refusal by its first bytes and size, or null when it may be sent. */
export function bannerImageRefusal(type: SniffedType | null, bytes: number): ValidationMessage | null {
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') return BANNER_IMAGE_FORMAT;
  if (bytes > IMAGE_MAX_BYTES) return BANNER_IMAGE_TOO_LARGE;
  return null;
}

const text = (max: number) => yup.string().typeError(msg('validation.type')).trim().max(max, msg('validation.maxLength', { max }));

const moment = (blank: string) =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .required(msg(blank))
    .test('date-time', msg('sellerBanners.errors.date'), (v) => !v || !Number.isNaN(Date.parse(v)));

/**
 * The banner's fields. Dates are moments (ISO 8601); the end must come after the start, be at
 * most BANNER_MAX_DAYS later and not be in the past. `now` is passed in the context
 * (`{ now: Date }`), so the form and the server judge "the past" by their own clock.
 */
export const bannerFieldsSchema = yup.object({
  title: text(BANNER_TITLE_MAX).required(msg('sellerBanners.errors.titleRequired')),
  title_en: text(BANNER_TITLE_MAX).nullable().default(null),
  subtitle: text(BANNER_SUBTITLE_MAX).default(''),
  link: yup
    .string()
    .typeError(msg('validation.type'))
    .trim()
    .required(msg('sellerBanners.errors.linkRequired'))
    .test('own-page', msg('sellerBanners.errors.linkNotOwn'), (v) => !v || parseBannerLink(v) !== null),
  placement: yup.string().oneOf(BANNER_PLACEMENTS, msg('sellerBanners.errors.placement')).required(msg('sellerBanners.errors.placement')),
  starts_at: moment('sellerBanners.errors.startsRequired'),
  ends_at: moment('sellerBanners.errors.endsRequired')
    .test('after-start', msg('sellerBanners.errors.endsBeforeStart'), function after(value) {
      const start = Date.parse(this.parent?.starts_at);
      return !value || Number.isNaN(start) || Date.parse(value) > start;
    })
    .test('within-year', msg('sellerBanners.errors.tooLong', { days: BANNER_MAX_DAYS }), function within(value) {
      const start = Date.parse(this.parent?.starts_at);
      return !value || Number.isNaN(start) || Date.parse(value) - start <= BANNER_MAX_DAYS * DAY_MS;
    })
    .test('not-past', msg('sellerBanners.errors.endsInPast'), function notPast(value) {
      const now = (this.options.context as { now?: Date } | undefined)?.now ?? new Date();
      return !value || Number.isNaN(Date.parse(value)) || Date.parse(value) > now.getTime();
    }),
});
export type BannerFieldsInput = yup.InferType<typeof bannerFieldsSchema>;

/** A moderator rejects with a reason in words; the seller reads it as written. */
export const bannerRejectionSchema = yup.object({
  reason: text(BANNER_REJECTION_REASON_MAX).required(msg('sellerBanners.errors.reasonRequired')),
});
export type BannerRejectionInput = yup.InferType<typeof bannerRejectionSchema>;
