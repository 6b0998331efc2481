export const ROLES = ['user', 'support', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work the support console and see staff-only data. */
export const STAFF_ROLES: readonly Role[] = ['support', 'moderator', 'admin'];
