import { and, eq, ne } from 'drizzle-orm';
import type { ContactKind } from '../../../shared/validation/contact';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { lockAddress, type Tx } from './otp-service';

/**
 * The one rule of identity: `users.email` and `users.phone` hold proven addresses only.
 * An address someone typed waits in `pending_*` until a code or link sent to it comes
 * back; only then does it become the account's (and only if no other account proved it
 * first). Sign-in, codes and recovery look at proven addresses alone.
 */
const proven = (kind: ContactKind) => (kind === 'phone' ? users.phone : users.email);

export const pendingOf = (user: User, kind: ContactKind) => (kind === 'phone' ? user.pendingPhone : user.pendingEmail);
export const provenOf = (user: User, kind: ContactKind) => (kind === 'phone' ? user.phone : user.email);

/**
 * Sign-in by a proven address: its owner's account, or a new one. Other accounts' pending claims are never looked at.
 * A new account speaks the language it signed up in (`locale`: what the server writes to it later, e.g. announcements).
 */
export async function accountForProvenAddress(tx: Tx, kind: ContactKind, address: string, locale?: string): Promise<User> {
  const [owner] = await tx.select().from(users).where(eq(proven(kind), address)).limit(1);
  if (owner) return owner;
  const [created] = await tx
    .insert(users)
    .values({ ...(kind === 'phone' ? { phone: address } : { email: address }), ...(locale ? { locale } : {}) })
    .returning();
  return created;
}

/** Whether another account already proved the address (asked only of someone who just proved it too). */
export async function provenByAnother(db: Db | Tx, kind: ContactKind, address: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(proven(kind), address), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export interface ProvenChange {
  user: User;
  /** The proven address it replaced, to be told of the change; null when there was none. */
  previous: string | null;
}

/**
 * The owner of `address` proved it for `userId`'s pending change: it becomes the
 * account's address. `field` names the input the 422s belong to (the code or the link).
 */
export async function provePendingAddress(tx: Tx, userId: number, kind: ContactKind, address: string, field: string): Promise<ProvenChange> {
  await lockAddress(tx, address);
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  // The change was withdrawn or replaced by another one after the code or link was sent.
  if (!user || pendingOf(user, kind) !== address) throw new HttpError(422, 'auth.errors.claimGone', undefined, { [field]: [msg('auth.errors.claimGone')] });
  if (await provenByAnother(tx, kind, address, userId)) {
    throw new HttpError(422, 'auth.errors.addressProvenElsewhere', undefined, { [field]: [msg('auth.errors.addressProvenElsewhere')] });
  }
  const [updated] = await tx
    .update(users)
    .set(kind === 'phone' ? { phone: address, pendingPhone: null } : { email: address, pendingEmail: null })
    .where(eq(users.id, userId))
    .returning();
  const previous = provenOf(user, kind);
  return { user: updated, previous: previous && previous !== address ? previous : null };
}
