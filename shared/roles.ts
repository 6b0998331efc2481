export const ROLES = ['user', 'support', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work the support console and see staff-only data. */
export const STAFF_ROLES: readonly Role[] = ['support', 'moderator', 'admin'];

/** Staff who edit the olympiad: its pages, stages, tests and questions, essays and final results. */
export const OLYMPIAD_EDITORS: readonly Role[] = ['admin', 'moderator'];

/** Staff who keep the search synonym list. */
export const SEARCH_EDITORS: readonly Role[] = ['admin', 'moderator'];
