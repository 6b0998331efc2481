import type { BroadcastResource } from '../../../shared/api/admin-broadcasts';
import type { Broadcast } from '../../db/schema';
import { iso } from '../../lib/serialize';

export const toBroadcastResource = (row: Broadcast, author: { id: number; name: string } | null): BroadcastResource => ({
  id: row.id,
  title_ru: row.titleRu,
  body_ru: row.bodyRu,
  title_en: row.titleEn,
  body_en: row.bodyEn,
  audience: row.audience,
  status: row.status,
  send_at: iso(row.sendAt),
  total: row.total,
  delivered: row.delivered,
  created_by: author,
  created_at: iso(row.createdAt),
  started_at: row.startedAt ? iso(row.startedAt) : null,
  finished_at: row.finishedAt ? iso(row.finishedAt) : null,
  cancelled_at: row.cancelledAt ? iso(row.cancelledAt) : null,
});
