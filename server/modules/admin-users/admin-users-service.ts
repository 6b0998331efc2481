import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Role } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { authTokens, users, type User } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { Publisher } from '../realtime/publisher';
import { recordAudit } from '../admin/audit-log';

const refused = (key: string, values?: Record<string, string | number>) => new HttpError(409, `admin.users.errors.${key}`, values);

/**
 * The users section's changes (issue 17 item 2): role changes (admins) and blocks (admins and
 * moderators). Each runs in one transaction with its audit rows; a block also revokes every token
 * of the person in it, and after commit closes their realtime connections, so their open tabs
 * learn at once (the SPA checks its session when the server closes its socket).
 *
 * "The last admin" means the last admin who is not blocked: the one who can still sign in and act.
 * Every change that could leave none locks the admins' rows first (FOR UPDATE), so two admins
 * demoting or blocking each other at the same moment cannot both succeed.
 */
export function adminUsersService(db: Db, publisher: Publisher) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  /** Locks and returns the ids of admins who can act. */
  async function activeAdmins(tx: Tx): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.blockedAt)))
      .for('update');
    return rows.map((row) => row.id);
  }

  async function people(tx: Tx, ids: number[]): Promise<User[]> {
    const rows = await tx.select().from(users).where(inArray(users.id, ids)).for('update');
    if (rows.length !== new Set(ids).size) throw notFound();
    return rows;
  }

  /** The checks of a block, before anything changes: refused for all if any one fails. */
  async function assertMayBlock(tx: Tx, actor: User, targets: User[]): Promise<void> {
    if (targets.some((target) => target.id === actor.id)) throw refused('selfBlock');
    if (actor.role !== 'admin' && targets.some((target) => target.role === 'admin')) throw new HttpError(403, 'admin.users.errors.adminByModerator');
    if (targets.some((target) => target.role === 'admin' && !target.blockedAt)) {
      const leaving = new Set(targets.map((target) => target.id));
      if ((await activeAdmins(tx)).every((id) => leaving.has(id))) throw refused('lastAdmin');
    }
  }

  async function block(actor: User, ids: number[], reason: string, single: boolean): Promise<number[]> {
    const now = new Date();
    const changed = await db.transaction(async (tx) => {
      const targets = await people(tx, ids);
      await assertMayBlock(tx, actor, targets);
      const open = targets.filter((target) => !target.blockedAt);
      if (single && open.length === 0) throw refused('alreadyBlocked');
      if (open.length === 0) return [];
      const openIds = open.map((target) => target.id);
      await tx.update(users).set({ blockedAt: now, blockedReason: reason, blockedBy: actor.id, updatedAt: now }).where(inArray(users.id, openIds));
      await tx.update(authTokens).set({ revokedAt: now }).where(and(inArray(authTokens.userId, openIds), isNull(authTokens.revokedAt)));
      for (const target of open) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.block',
          targetType: 'user',
          targetId: target.id,
          before: { blocked: false },
          after: { blocked: true, blocked_reason: reason },
          reason,
        });
      }
      return openIds;
    });
    // Their tokens are gone already; closing the sockets makes their open tabs notice now.
    for (const id of changed) publisher.terminateUserConnections(id);
    return changed;
  }

  async function unblock(actor: User, ids: number[], single: boolean): Promise<number[]> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const targets = await people(tx, ids);
      const blocked = targets.filter((target) => target.blockedAt);
      if (single && blocked.length === 0) throw refused('notBlocked');
      if (blocked.length === 0) return [];
      const blockedIds = blocked.map((target) => target.id);
      await tx.update(users).set({ blockedAt: null, blockedReason: null, blockedBy: null, updatedAt: now }).where(inArray(users.id, blockedIds));
      for (const target of blocked) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.unblock',
          targetType: 'user',
          targetId: target.id,
          before: { blocked: true, blocked_reason: target.blockedReason },
          after: { blocked: false },
        });
      }
      return blockedIds;
    });
  }

  return {
    async changeRole(actor: User, id: number, role: Role): Promise<void> {
      await db.transaction(async (tx) => {
        const [target] = await people(tx, [id]);
        if (target.role === role) return;
        if (target.role === 'admin' && !target.blockedAt) {
          const others = (await activeAdmins(tx)).filter((adminId) => adminId !== target.id);
          if (others.length === 0) throw refused(target.id === actor.id ? 'lastAdminSelf' : 'lastAdmin');
        }
        await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
        await recordAudit(tx, { actorId: actor.id, action: 'user.role', targetType: 'user', targetId: id, before: { role: target.role }, after: { role } });
      });
    },

    block: (actor: User, id: number, reason: string) => block(actor, [id], reason, true),
    unblock: (actor: User, id: number) => unblock(actor, [id], true),
    blockMany: (actor: User, ids: number[], reason: string) => block(actor, [...new Set(ids)], reason, false),
    unblockMany: (actor: User, ids: number[]) => unblock(actor, [...new Set(ids)], false),
  };
}

export type AdminUsersService = ReturnType<typeof adminUsersService>;
