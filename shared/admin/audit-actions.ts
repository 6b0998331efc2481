/**
 * What the audit log records (issue 17). Each is written in the transaction of the action, with
 * the state before and after; the SPA names each with `admin.audit.action.<action>`.
 */
export const AUDIT_ACTIONS = [
  'user.block',
  'user.unblock',
  'user.role',
  'moderation.approve',
  'moderation.reject',
  'moderation.setting',
  'category.create',
  'category.update',
  'category.delete',
  'category.merge',
  'category.reorder',
  'broadcast.create',
  'broadcast.cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGETS = ['user', 'business', 'ad', 'product', 'banner', 'work', 'ad-category', 'business-category', 'broadcast', 'setting'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];
