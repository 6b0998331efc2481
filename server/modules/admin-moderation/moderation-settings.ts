import { asc, eq } from 'drizzle-orm';
import type { ModerationSettingResource } from '../../../shared/api/admin-moderation';
import type { ModeratedKind } from '../../../shared/moderation/moderation-values';
import type { Db } from '../../db/client';
import { moderationSettings, type ModerationSetting } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { recordAudit } from '../admin/audit-log';

const toResource = (row: ModerationSetting): ModerationSettingResource => ({
  kind: row.kind,
  approval_before_public: row.approvalBeforePublic,
  updated_at: iso(row.updatedAt),
});

/** The admins' setting per kind: approval before public or review after (applies to the next submission). */
export function moderationSettingsService(db: Db) {
  return {
    async list(): Promise<ModerationSettingResource[]> {
      return (await db.select().from(moderationSettings).orderBy(asc(moderationSettings.kind))).map(toResource);
    },

    /** Changes one kind's setting with its audit row, together. */
    async set(kind: ModeratedKind, approvalBeforePublic: boolean, adminId: number): Promise<ModerationSettingResource> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(moderationSettings).where(eq(moderationSettings.kind, kind)).for('update');
        if (!before) throw notFound();
        const [after] = await tx
          .update(moderationSettings)
          .set({ approvalBeforePublic, updatedBy: adminId, updatedAt: new Date() })
          .where(eq(moderationSettings.kind, kind))
          .returning();
        await recordAudit(tx, {
          actorId: adminId,
          action: 'moderation.setting',
          targetType: 'setting',
          targetId: null,
          before: { kind, approval_before_public: before.approvalBeforePublic },
          after: { kind, approval_before_public: after.approvalBeforePublic },
        });
        return toResource(after);
      });
    },
  };
}
