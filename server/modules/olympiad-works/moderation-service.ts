import { and, asc, count, eq, isNull, lte, or } from 'drizzle-orm';
import type { ModerationItem } from '../../../shared/api/olympiad-works';
import type { Language } from '../../../shared/i18n/languages';
import type { DecisionInput } from '../../../shared/validation/olympiad-works';
import { MODERATION_CLAIM_MINUTES } from '../../../shared/validation/olympiad-works-rules';
import type { Db } from '../../db/client';
import { creativeWorkDecisions, creativeWorks, type User } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../admin/audit-log';
import { imagesRepository } from '../catalog/common/images-repository';
import type { DecisionAnnouncer } from './decision-announcer';
import { storedReason, toModerationItem } from './work-resources';
import { worksRepository, type WorkRow } from './works-repository';

/**
 * Moderation of works (SPEC §3: within 24 hours). A moderator claims a work before deciding it;
 * the claim lapses after MODERATION_CLAIM_MINUTES so a work is never stuck with someone who went
 * away. Claiming and deciding are each one UPDATE whose WHERE admits only a work still on
 * moderation and not held by anyone else, so two moderators never hold or decide one work.
 */
export function moderationService(db: Db, storage: FileStorage, announcer: DecisionAnnouncer) {
  const works = worksRepository(db);
  const images = imagesRepository(db);

  /** Free for `moderatorId`: nobody holds it, the claim lapsed, or it is theirs. */
  const claimable = (moderatorId: number, now: Date) =>
    or(isNull(creativeWorks.claimedBy), lte(creativeWorks.claimExpiresAt, now), eq(creativeWorks.claimedBy, moderatorId));

  async function items(rows: WorkRow[], moderator: User, lang: Language, now: Date): Promise<ModerationItem[]> {
    const ids = rows.map((r) => r.work.id);
    const [imageMap, decisions, claimNames] = await Promise.all([
      images.resources(
        rows.map((r) => r.work.imageId),
        storage,
      ),
      works.decisionsOf(ids),
      works.namesOf([...new Set(rows.map((r) => r.work.claimedBy).filter((id): id is number => id !== null))]),
    ]);
    return rows.map((row) => toModerationItem(row, { images: imageMap, decisions, claimNames, moderatorId: moderator.id, lang, now }));
  }

  async function item(id: number, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
    const row = await works.byId(id);
    if (!row) throw notFound();
    return (await items([row], moderator, lang, now))[0];
  }

  /** Why a claim or decision did not take: gone (404), decided already or held by someone else (409). */
  async function refusal(id: number, now: Date): Promise<HttpError> {
    const row = await works.byId(id);
    if (!row) return notFound();
    if (row.work.status !== 'moderation') return new HttpError(409, 'olympiadWorks.errors.alreadyDecided');
    const names = await works.namesOf(row.work.claimedBy ? [row.work.claimedBy] : []);
    // A claim never outlasts its length; a refused request that started a few ms before the winning one
    // would otherwise read 15 min and a little as "16".
    const left = row.work.claimExpiresAt ? Math.ceil((row.work.claimExpiresAt.getTime() - now.getTime()) / 60_000) : MODERATION_CLAIM_MINUTES;
    const minutes = Math.min(MODERATION_CLAIM_MINUTES, Math.max(1, left));
    return new HttpError(409, 'olympiadWorks.errors.claimedByOther', { name: names.get(row.work.claimedBy ?? 0) ?? '', minutes });
  }

  return {
    /** Works on moderation, oldest first: the overdue ones (past 24 hours) are the oldest, so they lead. */
    async queue(moderator: User, page: number, perPage: number, lang: Language, now: Date): Promise<{ rows: ModerationItem[]; total: number }> {
      const onModeration = eq(creativeWorks.status, 'moderation');
      const [rows, [total]] = await Promise.all([
        works
          .rows()
          .where(onModeration)
          .orderBy(asc(creativeWorks.submittedAt), asc(creativeWorks.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(creativeWorks).where(onModeration),
      ]);
      return { rows: await items(rows, moderator, lang, now), total: Number(total.n) };
    },

    item,

    async claim(id: number, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
      const expires = new Date(now.getTime() + MODERATION_CLAIM_MINUTES * 60_000);
      const taken = await db
        .update(creativeWorks)
        .set({ claimedBy: moderator.id, claimExpiresAt: expires })
        .where(and(eq(creativeWorks.id, id), eq(creativeWorks.status, 'moderation'), claimable(moderator.id, now)))
        .returning({ id: creativeWorks.id });
      if (!taken.length) throw await refusal(id, now);
      return item(id, moderator, lang, now);
    },

    /** Lets go of one's own claim; a work not held by the caller is left as it is. */
    async release(id: number, moderator: User): Promise<void> {
      const row = await works.byId(id);
      if (!row) throw notFound();
      await db
        .update(creativeWorks)
        .set({ claimedBy: null, claimExpiresAt: null })
        .where(and(eq(creativeWorks.id, id), eq(creativeWorks.claimedBy, moderator.id)));
    },

    /**
     * Approves or rejects a work on moderation that the caller holds or that is free (then it is
     * claimed and decided in the same statement). The decision is kept, the participant told.
     */
    async decide(id: number, input: DecisionInput, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
      const approved = input.decision === 'approved';
      const reason = approved ? null : storedReason(input.reason_code, input.reason);
      const after = await db.transaction(async (tx) => {
        const [decided] = await tx
          .update(creativeWorks)
          .set({
            status: input.decision,
            rejectionReason: reason,
            publishedAt: approved ? now : null,
            claimedBy: null,
            claimExpiresAt: null,
          })
          .where(and(eq(creativeWorks.id, id), eq(creativeWorks.status, 'moderation'), claimable(moderator.id, now)))
          .returning();
        if (!decided) return null;
        await tx.insert(creativeWorkDecisions).values({ workId: id, moderatorId: moderator.id, decision: input.decision, reason, decidedAt: now });
        // The admin area's audit log keeps every decision with the moderator and the reason (issue 17).
        await recordAudit(tx, {
          actorId: moderator.id,
          action: approved ? 'moderation.approve' : 'moderation.reject',
          targetType: 'work',
          targetId: id,
          before: { status: 'moderation' },
          after: { status: input.decision },
          reason,
        });
        const row = (await works.byId(id, tx))!;
        return announcer.store(tx, {
          workId: id,
          participantId: decided.participantId,
          title: decided.title,
          contest: row.contest,
          status: input.decision,
          reason,
        });
      });
      if (!after) throw await refusal(id, now);
      after();
      return item(id, moderator, lang, now);
    },

    /** Points for a published work (they count towards the rating); null takes them back. */
    async score(id: number, score: number | null, moderator: User, lang: Language, now: Date): Promise<ModerationItem> {
      const [scored] = await db
        .update(creativeWorks)
        .set({ score })
        .where(and(eq(creativeWorks.id, id), eq(creativeWorks.status, 'approved')))
        .returning({ id: creativeWorks.id });
      if (!scored) {
        if (!(await works.byId(id))) throw notFound();
        throw new HttpError(409, 'olympiadWorks.errors.scoreUnpublished');
      }
      return item(id, moderator, lang, now);
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
