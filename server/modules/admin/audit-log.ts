import type { AuditAction, AuditTarget } from '../../../shared/admin/audit-actions';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: number;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number | null;
  /** The fields the action changed, as they were and as they became (only those: a log, not a copy). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Writes one audit row. Call it with the action's transaction (`tx`), never after it: the log
 * and the change commit together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
