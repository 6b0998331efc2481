import { Type } from 'typebox';
import { ADMIN_SECTION_KEYS, type AdminSectionKey } from '../admin/sections';

/**
 * The admin shell's own call (issue 17):
 * - `GET /v1/admin/counts` (admin, moderator, support): waiting items of each counted section
 *   the caller's role may use (a section not listed has nothing to count for them).
 */
export const AdminCounts = Type.Object(Object.fromEntries(ADMIN_SECTION_KEYS.map((key) => [key, Type.Optional(Type.Integer({ minimum: 0 }))])));
export type AdminCounts = Partial<Record<AdminSectionKey, number>>;
