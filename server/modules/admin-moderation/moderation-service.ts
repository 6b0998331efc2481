import { sql, type SQL } from 'drizzle-orm';
import type { ModerationBulkResult, ModerationItem } from '../../../shared/api/admin-moderation';
import type { Language } from '../../../shared/i18n/languages';
import type { ModeratedKind, ModerationFilter, ModerationSort, ModerationStatus } from '../../../shared/moderation/moderation-values';
import { BANNER_CLAIM_MINUTES } from '../../../shared/validation/seller-banners';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../admin/audit-log';
import { catalogCards } from '../catalog/common/catalog-cards';
import { catalogChanged } from '../catalog/common/catalog-changes';
import { imagesRepository } from '../catalog/common/images-repository';
import { rawRows } from '../catalog/common/raw-rows';
import type { Notifier } from '../notifications/notifier';
import { KIND_STORES } from './moderated-kinds';
import { moderationNotice } from './moderation-notice';

/**
 * One constant for every claim of the admin area: a claim on a business, ad or product lapses
 * after as long as one on a banner, so an item is never stuck with a moderator who went away.
 */
export const CLAIM_MINUTES = BANNER_CLAIM_MINUTES;

interface QueueRow {
  id: number;
  owner_id: number;
  owner_name: string;
  name: string;
  name_en: string | null;
  description: string;
  description_en: string | null;
  images: string[];
  moderation_status: ModerationStatus;
  moderation_reason: string | null;
  moderation_submitted_at: Date | string | null;
  moderation_claimed_by: number | null;
  moderation_claimed_at: Date | string | null;
  claimer_name: string | null;
  moderated_at: Date | string | null;
}

const FILTERS: Record<ModerationFilter, string> = {
  all: `t.moderation_status in ('pending', 'review')`,
  pending: `t.moderation_status = 'pending'`,
  review: `t.moderation_status = 'review'`,
  // Sent back by the owner after a rejection: the reason stays until approval.
  resubmitted: `t.moderation_status in ('pending', 'review') and t.moderation_reason is not null`,
};

const asDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

/**
 * The queues of businesses, ads and products (issue 17 item 3). A moderator claims an item before
 * deciding it; claiming and deciding are each one UPDATE whose WHERE admits only an item still
 * waiting and not held by anyone else (or held by this moderator), so two moderators never
 * decide one item: the second gets 409. A claim lapses after CLAIM_MINUTES. Every decision
 * writes its audit row and the owner's notification in its transaction; the notification is
 * published live once it has committed.
 */
export function moderationService(db: Db, storage: FileStorage, notifier: Notifier) {
  const cards = catalogCards(db);
  const images = imagesRepository(db);

  const lapse = (now: Date) => new Date(now.getTime() - CLAIM_MINUTES * 60_000);
  /** Still waiting, and free for this moderator: nobody holds it, the claim lapsed, or it is theirs. */
  const openFor = (moderatorId: number, now: Date): SQL =>
    sql`t.moderation_status in ('pending', 'review') and (t.moderation_claimed_by is null or t.moderation_claimed_at <= ${lapse(now).toISOString()}::timestamptz or t.moderation_claimed_by = ${moderatorId})`;
  /** Held by this moderator now: deciding needs a live claim of one's own. */
  const heldBy = (moderatorId: number, now: Date): SQL =>
    sql`t.moderation_status in ('pending', 'review') and t.moderation_claimed_by = ${moderatorId} and t.moderation_claimed_at > ${lapse(now).toISOString()}::timestamptz`;

  function selectRows(kind: ModeratedKind, where: SQL, tail: SQL = sql``): Promise<QueueRow[]> {
    const k = KIND_STORES[kind];
    const pictures = kind === 'businesses' ? sql.raw(`array_remove(array[t.logo_image_id, t.cover_image_id], null)`) : sql.raw('t.image_ids');
    return rawRows<QueueRow>(
      db,
      sql`select t.id, ${sql.raw(k.owner)} as owner_id, coalesce(nullif(o.name, ''), o.email, '#' || o.id) as owner_name,
            t.${sql.raw(k.name)} as name, t.${sql.raw(k.nameEn)} as name_en, t.description, t.description_en, ${pictures} as images,
            t.moderation_status, t.moderation_reason, t.moderation_submitted_at, t.moderation_claimed_by, t.moderation_claimed_at,
            coalesce(nullif(c.name, ''), c.email) as claimer_name, t.moderated_at
          from ${sql.raw(k.table)} t ${sql.raw(k.join)}
          join users o on o.id = ${sql.raw(k.owner)}
          left join users c on c.id = t.moderation_claimed_by
          where ${where} ${tail}`,
    );
  }

  async function items(kind: ModeratedKind, rows: QueueRow[], moderator: User, lang: Language, now: Date): Promise<ModerationItem[]> {
    const ids = rows.map((row) => row.id);
    // The card a buyer would see; built as a guest sees it (no owner marks, no favourites of the moderator).
    const ctx = { lang, viewerId: null, storage };
    const [cardMap, imageMap] = await Promise.all([
      kind === 'businesses' ? cards.businessCards(ids, ctx) : kind === 'ads' ? cards.adCards(ids, ctx) : cards.productCards(ids, ctx),
      images.resources(
        rows.flatMap((row) => row.images),
        storage,
      ),
    ]);
    return rows.map((row) => {
      const claimedAt = asDate(row.moderation_claimed_at);
      const held = row.moderation_claimed_by !== null && claimedAt !== null && claimedAt > lapse(now) && (row.moderation_status === 'pending' || row.moderation_status === 'review');
      const card = cardMap.get(row.id);
      return {
        kind,
        id: row.id,
        ...(card ? { [kind === 'businesses' ? 'business' : kind === 'ads' ? 'ad' : 'product']: card } : {}),
        texts: { name: row.name, name_en: row.name_en, description: row.description, description_en: row.description_en },
        images: row.images.flatMap((id) => (imageMap.has(id) ? [imageMap.get(id)!.url] : [])),
        owner: { id: Number(row.owner_id), name: row.owner_name },
        status: row.moderation_status,
        previous_reason: row.moderation_status === 'pending' || row.moderation_status === 'review' ? row.moderation_reason : null,
        submitted_at: row.moderation_submitted_at ? iso(asDate(row.moderation_submitted_at)!) : null,
        claimed_by: held ? { id: row.moderation_claimed_by!, name: row.claimer_name ?? `#${row.moderation_claimed_by}` } : null,
        claimed_by_me: held && row.moderation_claimed_by === moderator.id,
        moderated_at: row.moderated_at ? iso(asDate(row.moderated_at)!) : null,
      } as ModerationItem;
    });
  }

  async function one(kind: ModeratedKind, id: number, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
    const rows = await selectRows(kind, sql`t.id = ${id}`);
    if (!rows.length) throw notFound();
    return (await items(kind, rows, moderator, lang, now))[0];
  }

  /** Why a claim or decision did not take: gone (404), decided already, held by another, or not claimed (409). */
  async function refusal(kind: ModeratedKind, id: number, moderator: User, now: Date): Promise<HttpError> {
    const [row] = await selectRows(kind, sql`t.id = ${id}`);
    if (!row) return notFound();
    if (row.moderation_status !== 'pending' && row.moderation_status !== 'review') return new HttpError(409, 'admin.moderation.errors.alreadyDecided');
    const claimedAt = asDate(row.moderation_claimed_at);
    if (row.moderation_claimed_by !== null && row.moderation_claimed_by !== moderator.id && claimedAt !== null && claimedAt > lapse(now)) {
      return new HttpError(409, 'admin.moderation.errors.claimedByOther', { name: row.claimer_name ?? '' });
    }
    return new HttpError(409, 'admin.moderation.errors.claimFirst');
  }

  async function claim(kind: ModeratedKind, id: number, moderator: User, now: Date): Promise<boolean> {
    const k = KIND_STORES[kind];
    const rows = await rawRows<{ id: number }>(
      db,
      sql`update ${sql.raw(k.table)} t set moderation_claimed_by = ${moderator.id}, moderation_claimed_at = ${now.toISOString()}::timestamptz
          where t.id = ${id} and ${openFor(moderator.id, now)} returning t.id`,
    );
    return rows.length > 0;
  }

  /** The decision, its audit row and the owner's notice in one transaction; null when the item was not held by this moderator. */
  async function decide(kind: ModeratedKind, id: number, moderator: User, now: Date, status: 'approved' | 'rejected', reason: string | null): Promise<(() => void) | null> {
    const k = KIND_STORES[kind];
    const done = await db.transaction(async (tx) => {
      const rows = await rawRows<{ id: number; before: ModerationStatus; owner_id: number; owner_locale: string; name: string; name_en: string | null }>(
        tx,
        sql`with prev as (select t.id, t.moderation_status, ${sql.raw(k.owner)} as owner_id from ${sql.raw(k.table)} t ${sql.raw(k.join)}
                          where t.id = ${id} and ${heldBy(moderator.id, now)} for update of t)
            update ${sql.raw(k.table)} t set moderation_status = ${status}, moderation_reason = ${reason}, moderated_by = ${moderator.id},
                   moderated_at = ${now.toISOString()}::timestamptz, moderation_claimed_by = null, moderation_claimed_at = null
              from prev join users o on o.id = prev.owner_id
             where t.id = prev.id
            returning t.id, prev.moderation_status as before, prev.owner_id, o.locale as owner_locale, t.${sql.raw(k.name)} as name, t.${sql.raw(k.nameEn)} as name_en`,
      );
      const row = rows[0];
      if (!row) return null;
      await recordAudit(tx, {
        actorId: moderator.id,
        action: status === 'approved' ? 'moderation.approve' : 'moderation.reject',
        targetType: k.target,
        targetId: id,
        before: { moderation_status: row.before },
        after: { moderation_status: status },
        reason,
      });
      const stored = await notifier.store(tx, [moderationNotice(kind, { id, ownerId: Number(row.owner_id), locale: row.owner_locale, name: row.name, nameEn: row.name_en }, status, reason)]);
      return stored.publish;
    });
    if (done) catalogChanged(db);
    return done;
  }

  return {
    async queue(kind: ModeratedKind, query: { page: number; perPage: number; filter: ModerationFilter; sort: ModerationSort }, moderator: User, lang: Language, now: Date) {
      const where = sql.raw(FILTERS[query.filter]);
      const direction = sql.raw(query.sort === 'newest' ? 'desc' : 'asc');
      const k = KIND_STORES[kind];
      const [rows, [total]] = await Promise.all([
        selectRows(kind, where, sql`order by t.moderation_submitted_at ${direction}, t.id ${direction} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
        rawRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(k.table)} t where ${where}`),
      ]);
      return { rows: await items(kind, rows, moderator, lang, now), total: Number(total?.n ?? 0) };
    },

    async claim(kind: ModeratedKind, id: number, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
      if (!(await claim(kind, id, moderator, now))) throw await refusal(kind, id, moderator, now);
      return one(kind, id, moderator, lang, now);
    },

    async approve(kind: ModeratedKind, id: number, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
      const publish = await decide(kind, id, moderator, now, 'approved', null);
      if (!publish) throw await refusal(kind, id, moderator, now);
      publish();
      return one(kind, id, moderator, lang, now);
    },

    async reject(kind: ModeratedKind, id: number, reason: string, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
      const publish = await decide(kind, id, moderator, now, 'rejected', reason);
      if (!publish) throw await refusal(kind, id, moderator, now);
      publish();
      return one(kind, id, moderator, lang, now);
    },

    /** Approves each chosen item this moderator can claim (claim and decision, one by one); the rest are refused, untouched. */
    async approveMany(kind: ModeratedKind, ids: number[], moderator: User, now: Date): Promise<ModerationBulkResult> {
      const result: ModerationBulkResult = { approved: [], refused: [] };
      for (const id of ids) {
        const publish = (await claim(kind, id, moderator, now)) ? await decide(kind, id, moderator, now, 'approved', null) : null;
        if (publish) {
          publish();
          result.approved.push(id);
        } else result.refused.push(id);
      }
      return result;
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
