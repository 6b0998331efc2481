/** Reasons a moderator can pick (keys of the `olympiadWorks.reasons` messages), or `other` with a written one. */
export const REJECTION_REASONS = ['not_own_work', 'off_topic', 'inappropriate', 'poor_quality', 'wrong_file', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
