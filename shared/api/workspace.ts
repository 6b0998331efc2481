import { Type, type Static } from 'typebox';

/**
 * What a signed-in person can open beyond a buyer's pages: the user menu shows seller
 * items only to owners of a business, the seller workspace also to authors of published ads
 * (private sellers promote ads too), and the olympiad account only to participants.
 */
export const WorkspaceResource = Type.Object({
  /** Businesses the person owns (their orders, products and services hang on them). */
  businesses: Type.Integer({ minimum: 0 }),
  /** Published ads the person wrote. */
  ads: Type.Integer({ minimum: 0 }),
  olympiad_participant: Type.Boolean(),
});
export type WorkspaceResource = Static<typeof WorkspaceResource>;
