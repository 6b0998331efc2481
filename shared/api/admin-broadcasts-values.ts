/**
 * Plain values of notifications to many (issue 17), read by the contract, the server, the shared
 * rules and the SPA (no schema library here).
 */
import type { Role } from '../roles';
import type { Category } from '../validation/olympiad-options';

/** Who a broadcast goes to; `users` is a short list chosen by hand (e.g. from the users table). */
export const AUDIENCE_KINDS = ['user', 'users', 'role', 'sellers', 'participants', 'everyone'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** The most ids an admin lists by hand; anything bigger is a role, sellers, participants or everyone. */
export const AUDIENCE_USERS_MAX = 50;

export type BroadcastAudience =
  | { kind: 'user'; user_id: number }
  | { kind: 'users'; user_ids: number[] }
  | { kind: 'role'; role: Role }
  | { kind: 'sellers'; business_category_id?: number | null }
  | { kind: 'participants'; category?: Category | null }
  | { kind: 'everyone' };

export const BROADCAST_STATUSES = ['scheduled', 'sending', 'done', 'cancelled'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** Statuses that may still be cancelled (and that the admin shell counts as waiting). */
export const BROADCAST_OPEN_STATUSES: readonly BroadcastStatus[] = ['scheduled', 'sending'];

/** How often the SPA reads progress while a broadcast is being sent. */
export const BROADCAST_POLL_MS = 1000;
