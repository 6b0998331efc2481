import type { ModerationItem, MyWork } from '../../../shared/api/olympiad-works';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import { MODERATION_DEADLINE_HOURS, MODERATION_WARNING_HOURS } from '../../../shared/validation/olympiad-works-rules';
import { WORK_REJECTION_CODES, type WorkRejectionCode } from '../../../shared/validation/olympiad-works';
import { iso } from '../../lib/serialize';
import type { ImageMap } from '../catalog/common/images-repository';
import type { DecisionRow, WorkRow } from './works-repository';

/**
 * A reason picked from the list is stored as `reason:<code>` and read in the reader's language;
 * a written one is stored as written.
 */
export const storedReason = (code: WorkRejectionCode | undefined, text: string | undefined): string =>
  code && code !== 'other' ? `reason:${code}` : (text ?? '').trim();

export function reasonText(stored: string | null, lang: Language): string | null {
  if (stored === null) return null;
  const code = /^reason:([a-z_]+)$/.exec(stored)?.[1];
  return code && (WORK_REJECTION_CODES as readonly string[]).includes(code) ? translate(lang, `olympiadWorks.reasons.${code}`) : stored;
}

export const workFileUrl = (id: number) => `/v1/olympiad/works/${id}/file`;

const contestTitle = (row: WorkRow, lang: Language) => (lang === 'en' ? row.contest.titleEn : row.contest.titleRu);

function media(row: WorkRow, images: ImageMap) {
  return {
    file_kind: row.work.fileKind,
    image: (row.work.imageId && images.get(row.work.imageId)) || null,
    file_url: workFileUrl(row.work.id),
    file_bytes: row.work.fileBytes,
  };
}

export function toMyWork(row: WorkRow, images: ImageMap, lang: Language): MyWork {
  const { work } = row;
  return {
    id: work.id,
    contest: { id: row.contest.id, title: contestTitle(row, lang) },
    title: work.title,
    description: work.description,
    status: work.status,
    rejection_reason: work.status === 'rejected' ? reasonText(work.rejectionReason, lang) : null,
    likes_count: work.likesCount,
    submitted_at: iso(work.submittedAt),
    published_at: work.publishedAt ? iso(work.publishedAt) : null,
    ...media(row, images),
  };
}

/** How close a work on moderation is to its 24 hours. */
export function dueOf(ageHours: number): ModerationItem['due'] {
  if (ageHours >= MODERATION_DEADLINE_HOURS) return 'overdue';
  return ageHours >= MODERATION_WARNING_HOURS ? 'soon' : 'ok';
}

export interface ModerationContext {
  images: ImageMap;
  decisions: Map<number, DecisionRow[]>;
  claimNames: Map<number, string>;
  moderatorId: number;
  lang: Language;
  now: Date;
}

export function toModerationItem(row: WorkRow, context: ModerationContext): ModerationItem {
  const { work } = row;
  const { now, lang } = context;
  const ageHours = Math.max(0, Math.round(((now.getTime() - work.submittedAt.getTime()) / 3_600_000) * 10) / 10);
  const claimLive = work.claimedBy !== null && work.claimExpiresAt !== null && work.claimExpiresAt > now;
  return {
    id: work.id,
    contest: { id: row.contest.id, title: contestTitle(row, lang) },
    title: work.title,
    description: work.description,
    author: { id: work.participantId, public_name: row.author.login, category: row.author.category as ModerationItem['author']['category'] },
    likes_count: work.likesCount,
    liked: null,
    mine: false,
    published_at: work.publishedAt ? iso(work.publishedAt) : null,
    ...media(row, context.images),
    status: work.status,
    submitted_at: iso(work.submittedAt),
    age_hours: ageHours,
    due: work.status === 'moderation' ? dueOf(ageHours) : 'ok',
    claimed_by: claimLive ? { id: work.claimedBy!, name: context.claimNames.get(work.claimedBy!) ?? '' } : null,
    claimed_by_me: claimLive && work.claimedBy === context.moderatorId,
    score: work.score,
    decisions: (context.decisions.get(work.id) ?? []).map((d) => ({
      decision: d.decision,
      reason: reasonText(d.reason, lang),
      moderator: d.moderator,
      decided_at: iso(d.decidedAt),
    })),
  };
}
