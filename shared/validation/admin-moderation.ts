import * as yup from 'yup';
import { MODERATION_REASON_MAX } from '../moderation/moderation-values';
import { msg } from './message';

/**
 * A moderator rejects a business, ad or product with a reason in words (issue 17); the owner
 * reads it on their item and fixes it. One rule for the SPA's form and the server.
 */
export const moderationRejectionSchema = yup.object({
  reason: yup
    .string()
    .typeError(msg('validation.type'))
    .trim()
    .max(MODERATION_REASON_MAX, msg('validation.maxLength', { max: MODERATION_REASON_MAX }))
    .required(msg('admin.moderation.errors.reasonRequired')),
});
export type ModerationRejectionInput = yup.InferType<typeof moderationRejectionSchema>;

/** Bulk approval: the chosen items, at most one page of the queue. */
export const MODERATION_BULK_MAX = 100;
