import { Type, type Static } from 'typebox';

export const UserResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  /** Addresses waiting for their code (shown to the owner only; not usable until confirmed). */
  pending_email: Type.Union([Type.String(), Type.Null()]),
  pending_phone: Type.Union([Type.String(), Type.Null()]),
  about: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([Type.Literal('user'), Type.Literal('support'), Type.Literal('moderator'), Type.Literal('admin')]),
  locale: Type.String(),
  created_at: Type.String(),
});
export type UserResource = Static<typeof UserResource>;

/** What other people may see of a user. */
export const PublicUserResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  about: Type.String(),
  created_at: Type.String(),
});
export type PublicUserResource = Static<typeof PublicUserResource>;
