import { and, asc, count, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { ModerationBanner } from '../../../shared/api/seller-banners';
import { BANNER_CLAIM_MINUTES } from '../../../shared/validation/seller-banners';
import type { Db } from '../../db/client';
import { banners, users, type Banner, type User } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../admin/audit-log';
import { imagesRepository } from '../catalog/common/images-repository';
import type { BannerAnnouncer } from './banner-announcer';
import { claimHeld, toModerationBanner } from './banner-resources';

/**
 * Moderation of sellers' banners. A moderator claims a banner before deciding it; the claim
 * lapses after BANNER_CLAIM_MINUTES. Claiming and deciding are each one UPDATE whose WHERE admits
 * only a banner still on moderation and not held by anyone else, so two moderators never hold or
 * decide one banner: the second gets 409.
 */
export function bannerModeration(db: Db, storage: FileStorage, announcer: BannerAnnouncer) {
  const images = imagesRepository(db);

  /** Free for `moderatorId`: nobody holds it, the claim lapsed, or it is theirs. */
  const claimable = (moderatorId: number, now: Date) =>
    or(isNull(banners.claimedBy), lte(banners.claimedAt, new Date(now.getTime() - BANNER_CLAIM_MINUTES * 60_000)), eq(banners.claimedBy, moderatorId));
  const open = (id: number, moderatorId: number, now: Date) => and(eq(banners.id, id), eq(banners.status, 'moderation'), claimable(moderatorId, now));

  /** How staff see people: their name, else their address. */
  async function namesOf(ids: Array<number | null>): Promise<Map<number, string>> {
    const people = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!people.length) return new Map();
    const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, people));
    return new Map(rows.map((u) => [u.id, u.name || u.email || `#${u.id}`]));
  }

  async function items(rows: Banner[], moderator: User, now: Date): Promise<ModerationBanner[]> {
    const [imageMap, names] = await Promise.all([
      images.resources(
        rows.map((r) => r.imageId),
        storage,
      ),
      namesOf(rows.flatMap((r) => [r.ownerId, r.claimedBy])),
    ]);
    return rows.map((row) => toModerationBanner(row, { images: imageMap, names, moderatorId: moderator.id, now }));
  }

  async function byId(id: number): Promise<Banner | undefined> {
    return (await db.select().from(banners).where(eq(banners.id, id)))[0];
  }

  /** Why a claim or decision did not take: gone or not a seller's (404), decided already or held by someone else (409). */
  async function refusal(id: number, now: Date): Promise<HttpError> {
    const row = await byId(id);
    if (!row || row.ownerId === null) return notFound();
    if (row.status !== 'moderation') return new HttpError(409, 'sellerBanners.errors.alreadyDecided');
    const holder = claimHeld(row, now) ? row.claimedBy : null;
    const names = await namesOf([holder]);
    return new HttpError(409, 'sellerBanners.errors.claimedByOther', { name: names.get(holder ?? 0) ?? '' });
  }

  async function decide(id: number, moderator: User, now: Date, decision: { status: 'approved' | 'rejected'; reason: string | null }): Promise<ModerationBanner> {
    const done = await db.transaction(async (tx) => {
      const [decided] = await tx
        .update(banners)
        .set({ status: decision.status, rejectionReason: decision.reason, moderatedBy: moderator.id, moderatedAt: now, claimedBy: null, claimedAt: null })
        .where(open(id, moderator.id, now))
        .returning();
      if (!decided) return null;
      // The admin area's audit log keeps every decision with the moderator and the reason (issue 17).
      await recordAudit(tx, {
        actorId: moderator.id,
        action: decision.status === 'approved' ? 'moderation.approve' : 'moderation.reject',
        targetType: 'banner',
        targetId: decided.id,
        before: { status: 'moderation' },
        after: { status: decided.status },
        reason: decision.reason,
      });
      return { row: decided, publish: await announcer.store(tx, decided) };
    });
    if (!done) throw await refusal(id, now);
    done.publish();
    return (await items([done.row], moderator, now))[0];
  }

  return {
    /** Banners on moderation, oldest first. */
    async queue(moderator: User, page: number, perPage: number, now: Date): Promise<{ rows: ModerationBanner[]; total: number }> {
      const waiting = eq(banners.status, 'moderation');
      const [rows, [total]] = await Promise.all([
        db.select().from(banners).where(waiting).orderBy(asc(banners.createdAt), asc(banners.id)).limit(perPage).offset((page - 1) * perPage),
        db.select({ n: count() }).from(banners).where(waiting),
      ]);
      return { rows: await items(rows, moderator, now), total: Number(total.n) };
    },

    async claim(id: number, moderator: User, now: Date): Promise<ModerationBanner> {
      const [taken] = await db.update(banners).set({ claimedBy: moderator.id, claimedAt: now }).where(open(id, moderator.id, now)).returning();
      if (!taken) throw await refusal(id, now);
      return (await items([taken], moderator, now))[0];
    },

    approve: (id: number, moderator: User, now: Date) => decide(id, moderator, now, { status: 'approved', reason: null }),

    reject: (id: number, reason: string, moderator: User, now: Date) => decide(id, moderator, now, { status: 'rejected', reason }),
  };
}

export type BannerModeration = ReturnType<typeof bannerModeration>;
