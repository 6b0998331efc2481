import { eq } from 'drizzle-orm';
import type { ModeratedKind, ModerationStatus } from '../../../shared/moderation/moderation-values';
import type { Db } from '../../db/client';
import { moderationSettings } from '../../db/schema';

/** The moderation columns of a business, ad or product, as the owner's write leaves them. */
export interface ModerationWrite {
  moderationStatus?: ModerationStatus;
  moderationSubmittedAt?: Date;
  moderationClaimedBy?: null;
  moderationClaimedAt?: null;
}

interface Current {
  moderationStatus: ModerationStatus;
  moderationSubmittedAt: Date | null;
}

/** Whether the kind waits for a moderator before it is public (the admins' setting; missing row: yes). */
export async function approvalBeforePublic(db: Db, kind: ModeratedKind): Promise<boolean> {
  const [row] = await db.select({ value: moderationSettings.approvalBeforePublic }).from(moderationSettings).where(eq(moderationSettings.kind, kind));
  return row?.value ?? true;
}

/**
 * What an owner's create or edit does to the item's moderation (issue 17): a new item, a change
 * of what the public reads (texts, pictures: `contentChanged`) or any edit of a rejected item
 * (the owner fixing it) puts it in the queue, `pending` (hidden) when the kind needs approval
 * first, else `review` (public at once). An item already waiting keeps its place in the queue;
 * a claim on it lapses, since the moderator looked at other words. Other edits (price, stock,
 * hours) leave the state alone. The rejection's reason stays until approval, so the queue can
 * tell a resubmission.
 */
export async function moderationOnWrite(db: Db, kind: ModeratedKind, current: Current | null, contentChanged: boolean, now = new Date()): Promise<ModerationWrite> {
  if (current && !contentChanged && current.moderationStatus !== 'rejected') return {};
  const waiting = current && (current.moderationStatus === 'pending' || current.moderationStatus === 'review');
  const status: ModerationStatus = (await approvalBeforePublic(db, kind)) ? 'pending' : 'review';
  return {
    // Waiting already for approval, it stays hidden even if the setting changed meanwhile.
    moderationStatus: waiting && current.moderationStatus === 'pending' ? 'pending' : status,
    moderationSubmittedAt: waiting && current.moderationSubmittedAt ? current.moderationSubmittedAt : now,
    moderationClaimedBy: null,
    moderationClaimedAt: null,
  };
}

/** Whether any of the named fields differs (arrays by their items in order). */
export function changedAny<T extends object>(before: T, after: Partial<T>, fields: Array<keyof T>): boolean {
  return fields.some((field) => {
    const a = before[field];
    const b = after[field];
    if (b === undefined) return false;
    if (Array.isArray(a) && Array.isArray(b)) return a.length !== b.length || a.some((v, i) => v !== b[i]);
    return (a ?? null) !== (b ?? null);
  });
}
