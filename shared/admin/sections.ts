import type { Role } from '../roles';

/**
 * The admin area's sections (issue 17): one list read by the SPA's shell (which sections a
 * person sees, in this order) and by the server (which counts `GET /v1/admin/counts` returns,
 * and who may call each section's routes). A section's screen lives at `/admin/<key>` and an
 * item of it at `/admin/<key>/<id>`; `path` is set only where an older screen keeps its address.
 */
export const ADMIN_SECTION_KEYS = [
  'users',
  'audit',
  'businesses',
  'ads',
  'products',
  'banners',
  'works',
  'moderation-settings',
  'categories',
  'notifications',
  'support',
  'synonyms',
] as const;
export type AdminSectionKey = (typeof ADMIN_SECTION_KEYS)[number];

export type AdminSectionGroup = 'people' | 'moderation' | 'catalogue' | 'communication';

export interface AdminSection {
  key: AdminSectionKey;
  group: AdminSectionGroup;
  roles: readonly Role[];
  /** Shows a count of waiting items (from `GET /v1/admin/counts`). */
  counted: boolean;
  /** Where its screen is, when not `/admin/<key>`. */
  path?: string;
}

/** Admins and moderators: the people who decide what is published. */
export const MODERATORS: readonly Role[] = ['admin', 'moderator'];
export const ADMINS: readonly Role[] = ['admin'];

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  // Moderators find and block spammers too; changing roles is the admins' alone (checked by the route).
  { key: 'users', group: 'people', roles: MODERATORS, counted: false },
  { key: 'audit', group: 'people', roles: ADMINS, counted: false },
  { key: 'businesses', group: 'moderation', roles: MODERATORS, counted: true },
  { key: 'ads', group: 'moderation', roles: MODERATORS, counted: true },
  { key: 'products', group: 'moderation', roles: MODERATORS, counted: true },
  { key: 'banners', group: 'moderation', roles: MODERATORS, counted: true },
  { key: 'works', group: 'moderation', roles: MODERATORS, counted: true },
  { key: 'moderation-settings', group: 'moderation', roles: ADMINS, counted: false },
  { key: 'categories', group: 'catalogue', roles: ADMINS, counted: false },
  { key: 'synonyms', group: 'catalogue', roles: MODERATORS, counted: false },
  { key: 'notifications', group: 'communication', roles: ADMINS, counted: true },
  { key: 'support', group: 'communication', roles: ['admin', 'support'], counted: true, path: '/admin/support' },
];

export const ADMIN_STAFF: readonly Role[] = ['admin', 'moderator', 'support'];

export const sectionsFor = (role: Role): AdminSection[] => ADMIN_SECTIONS.filter((section) => section.roles.includes(role));
export const adminSection = (key: AdminSectionKey): AdminSection => ADMIN_SECTIONS.find((section) => section.key === key)!;
export const sectionPath = (section: AdminSection): string => section.path ?? `/admin/${section.key}`;
