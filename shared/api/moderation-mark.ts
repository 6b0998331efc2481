import { Type, type Static } from 'typebox';
import { MODERATION_STATUSES } from '../moderation/moderation-values';
import { Nullable, StringEnum } from './catalog-common';

/**
 * What the owner sees of their business's, ad's or product's moderation (issue 17), on their own
 * cards only (absent for everyone else): "on moderation", or "not published: <reason>".
 */
export const ModerationMark = Type.Object({
  status: StringEnum(MODERATION_STATUSES),
  /** The moderator's words of the last rejection (kept after a fix until it is approved). */
  reason: Nullable(Type.String()),
});
export type ModerationMark = Static<typeof ModerationMark>;
