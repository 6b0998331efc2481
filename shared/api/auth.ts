import { Type, type Static } from 'typebox';

export const RequestCodeBody = Type.Object({ address: Type.String({ maxLength: 255 }) });
export type RequestCodeBody = Static<typeof RequestCodeBody>;

export const RequestCodeResponse = Type.Object({
  data: Type.Object({
    channel: Type.Union([Type.Literal('email'), Type.Literal('phone')]),
    address: Type.String(),
    expires_in: Type.Integer(),
    resend_in: Type.Integer(),
  }),
});
export type RequestCodeResponse = Static<typeof RequestCodeResponse>;

export const VerifyCodeBody = Type.Object({
  address: Type.String({ maxLength: 255 }),
  code: Type.String({ maxLength: 16 }),
});
export type VerifyCodeBody = Static<typeof VerifyCodeBody>;

/** SPEC §3: the login answer carries `token` and `user.id`. */
export const VerifyCodeResponse = Type.Object({
  token: Type.String(),
  user: Type.Object({ id: Type.Integer() }),
});
export type VerifyCodeResponse = Static<typeof VerifyCodeResponse>;

export const SessionResource = Type.Object({
  id: Type.Integer(),
  user_agent: Type.String(),
  ip: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.String(),
  expires_at: Type.String(),
  current: Type.Boolean(),
});
export type SessionResource = Static<typeof SessionResource>;
