import { Type, type Static } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../admin/audit-actions';
import { ROLES } from '../roles';
import { BULK_USERS_MAX } from '../validation/admin-users';
import { Nullable, PagedList, StringEnum } from './catalog-common';
import { Id } from './numbers';

/**
 * The admin's users section and the audit log (issue 17 item 2):
 * - `GET /v1/admin/users?q=&role=&blocked=yes|no&sort=created|name|id&dir=asc|desc&page=&per_page=`
 *   (admin, moderator): people found by name, e-mail, phone or id (`q` of digits also matches the id).
 * - `GET /v1/admin/users/{id}` (admin, moderator): one person with their businesses, ads, orders
 *   (counts and the latest few), chats count and live sessions.
 * - `PUT /v1/admin/users/{id}/role` `{ role }` (admin): 422 for an unknown role, 409 for the last admin.
 * - `POST /v1/admin/users/{id}/block` `{ reason }` (admin, moderator): revokes every token, closes
 *   their realtime connections; 409 for oneself, an admin (by a moderator) or the last admin.
 * - `POST /v1/admin/users/{id}/unblock` (admin, moderator).
 * - `POST /v1/admin/users/block` `{ ids, reason }`, `POST /v1/admin/users/unblock` `{ ids }`
 *   (admin, moderator): all or nothing, one audit row per person.
 * - `GET /v1/admin/audit?actor_id=&action=&target_type=&target_id=&from=YYYY-MM-DD&to=YYYY-MM-DD&page=&per_page=`
 *   (admin): newest first.
 */

export const ADMIN_USER_SORTS = ['created', 'name', 'id'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

const PageFields = {
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

export const AdminUsersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(StringEnum(ROLES)),
  blocked: Type.Optional(StringEnum(['yes', 'no'] as const)),
  sort: Type.Optional(StringEnum(ADMIN_USER_SORTS)),
  dir: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  ...PageFields,
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

export const AdminBlock = Type.Object({
  at: Type.String(),
  reason: Type.String(),
  by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type AdminBlock = Static<typeof AdminBlock>;

export const AdminUserRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  role: StringEnum(ROLES),
  created_at: Type.String(),
  blocked: Nullable(AdminBlock),
});
export type AdminUserRow = Static<typeof AdminUserRow>;

export const AdminUserList = PagedList(AdminUserRow);
export type AdminUserList = Static<typeof AdminUserList>;

const Counted = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ total: Type.Integer(), latest: Type.Array(item) });

export const AdminUserSession = Type.Object({
  id: Type.Integer(),
  user_agent: Type.String(),
  ip: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.String(),
});
export type AdminUserSession = Static<typeof AdminUserSession>;

export const AdminUserDetail = Type.Object({
  ...AdminUserRow.properties,
  locale: Type.String(),
  businesses: Counted(Type.Object({ id: Type.Integer(), name: Type.String(), kind: Type.String(), created_at: Type.String() })),
  ads: Counted(Type.Object({ id: Type.Integer(), title: Type.String(), status: Type.String(), created_at: Type.String() })),
  orders: Counted(Type.Object({ id: Type.Integer(), status: Type.String(), total: Type.Integer(), currency: Type.String(), created_at: Type.String() })),
  chats: Type.Integer(),
  sessions: Type.Array(AdminUserSession),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;

// Loose bounds here; the shared rules (shared/validation/admin-users.ts) say what is allowed, in words.
export const RoleChangeBody = Type.Object({ role: Type.String({ maxLength: 100 }) });
export const BlockBody = Type.Object({ reason: Type.String({ maxLength: 10_000 }) });
export const BulkBlockBody = Type.Object({ ids: Type.Array(Id(), { maxItems: BULK_USERS_MAX * 2 }), reason: Type.String({ maxLength: 10_000 }) });
export const BulkUnblockBody = Type.Object({ ids: Type.Array(Id(), { maxItems: BULK_USERS_MAX * 2 }) });

/** A bulk action's outcome: who changed (people already in the wanted state are left as they were). */
export const BulkResult = Type.Object({ changed: Type.Array(Type.Integer()) });
export type BulkResult = Static<typeof BulkResult>;

const Day = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const AuditQuery = Type.Object({
  actor_id: Type.Optional(Id()),
  action: Type.Optional(StringEnum(AUDIT_ACTIONS)),
  target_type: Type.Optional(StringEnum(AUDIT_TARGETS)),
  target_id: Type.Optional(Id()),
  /** Days in UTC, both included. */
  from: Type.Optional(Day()),
  to: Type.Optional(Day()),
  ...PageFields,
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditRow = Type.Object({
  id: Type.Integer(),
  actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Nullable(Type.Integer()),
  before: Nullable(Type.Record(Type.String(), Type.Unknown())),
  after: Nullable(Type.Record(Type.String(), Type.Unknown())),
  reason: Nullable(Type.String()),
  created_at: Type.String(),
});
export type AuditRow = Static<typeof AuditRow>;

export const AuditList = PagedList(AuditRow);
export type AuditList = Static<typeof AuditList>;
