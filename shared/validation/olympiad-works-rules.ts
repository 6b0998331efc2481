/**
 * The rules of creative works, one source for the server, the SPA and the seed (SPEC §3, §5, §8).
 */
export const WORK_STATUSES = ['moderation', 'approved', 'rejected'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** What a work's file is, told by its content (never by its name or declared type). */
export const WORK_FILE_KINDS = ['image', 'pdf'] as const;
export type WorkFileKind = (typeof WORK_FILE_KINDS)[number];

/** SPEC §5: images (png, jpeg, jpg) up to 10 MB, pdf up to 5 MB. */
export const WORK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const WORK_PDF_MAX_BYTES = 5 * 1024 * 1024;

export const WORK_TITLE_MAX = 200;
export const WORK_DESCRIPTION_MAX = 5000;
export const WORK_REJECTION_REASON_MAX = 1000;

/** SPEC §3: the gallery's six sorts. */
export const WORK_SORTS = ['newest', 'oldest', 'likes_desc', 'likes_asc', 'title_asc', 'title_desc'] as const;
export type WorkSort = (typeof WORK_SORTS)[number];

/** Moderation takes up to 24 hours (SPEC §3); a work this close to it is marked in the queue. */
export const MODERATION_DEADLINE_HOURS = 24;
export const MODERATION_WARNING_HOURS = 20;
/** A moderator's claim on a work lapses after this long without a decision, so a work is never stuck. */
export const MODERATION_CLAIM_MINUTES = 15;

/**
 * Likes' abuse limits (issue 15): an olympiad account this young cannot like yet (a fresh throwaway
 * account gives nothing), and one person may like or take back at most this many times per window
 * (a person browsing never comes near it; a script clicking through the gallery does).
 */
export const LIKE_MIN_ACCOUNT_AGE_MINUTES = 10;
export const LIKES_PER_WINDOW = 30;
export const LIKE_WINDOW_SECONDS = 60;

/** Default works per participant per contest; staff set it per contest. */
export const DEFAULT_WORKS_PER_PARTICIPANT = 3;
