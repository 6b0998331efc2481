/**
 * Moderation of businesses, ads and products (issue 17): plain values read by the database
 * schema, the server and the SPA (a `-values` file, so the SPA may import it).
 *
 * `approved` and `review` are public (`review`: published at once, a moderator still looks);
 * `pending` waits for a moderator before anyone but its owner and staff sees it; `rejected` is
 * hidden until its owner edits it, which sends it back to the queue.
 */
export const MODERATION_STATUSES = ['approved', 'pending', 'review', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export const PUBLIC_MODERATION_STATUSES: readonly ModerationStatus[] = ['approved', 'review'];
export const QUEUED_MODERATION_STATUSES: readonly ModerationStatus[] = ['pending', 'review'];

export const MODERATED_KINDS = ['businesses', 'ads', 'products'] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];

/** Which part of a queue to show: everything waiting, only one state, or items sent back after a rejection. */
export const MODERATION_FILTERS = ['all', 'pending', 'review', 'resubmitted'] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];

/** Oldest first by default (the queue is served in order); newest first on request. */
export const MODERATION_SORTS = ['oldest', 'newest'] as const;
export type ModerationSort = (typeof MODERATION_SORTS)[number];

/** The longest reason a moderator may give (the owner reads it on their item). */
export const MODERATION_REASON_MAX = 500;
