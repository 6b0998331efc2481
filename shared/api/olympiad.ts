import { Type, type Static } from 'typebox';

/**
 * The olympiad account API. Bodies are loose on purpose: the shared yup
 * rules answer every wrong field with the message SPEC §5 wants, which a
 * JSON-schema refusal could not.
 */
const loose = (max = 1000) => Type.Optional(Type.String({ maxLength: max }));

export const RegistrationBody = Type.Object({
  login: loose(),
  email: loose(),
  password: loose(),
  password_confirmation: loose(),
  full_name: loose(2000),
  birth_date: loose(),
  sex: loose(),
  country: loose(),
  city: loose(),
  school: loose(2000),
  social_link: loose(2000),
  referral_source: loose(),
  category: loose(),
  agreement: Type.Optional(Type.Boolean()),
});
export type RegistrationBody = Static<typeof RegistrationBody>;

export const PersonalDataBody = Type.Object({
  login: loose(),
  email: loose(),
  full_name: loose(2000),
  birth_date: loose(),
  sex: loose(),
});
export type PersonalDataBody = Static<typeof PersonalDataBody>;

export const ProfileDataBody = Type.Object({
  country: loose(),
  city: loose(),
  school: loose(2000),
  social_link: loose(2000),
  referral_source: loose(),
  category: loose(),
});
export type ProfileDataBody = Static<typeof ProfileDataBody>;

/** DESIGN state machine: not verified → letter sent → verified. */
export const EmailStatus = Type.Union([Type.Literal('not_verified'), Type.Literal('letter_sent'), Type.Literal('verified')]);
export type EmailStatus = Static<typeof EmailStatus>;

export const ParticipantResource = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  email: Type.String(),
  /** The proven address (sign-in, recovery, letters); differs from `email` while a change waits for its letter. */
  confirmed_email: Type.Union([Type.String(), Type.Null()]),
  full_name: Type.String(),
  /** ISO date (YYYY-MM-DD); the SPA shows it in the language's order. */
  birth_date: Type.String(),
  sex: Type.String(),
  country: Type.String(),
  city: Type.String(),
  school: Type.String(),
  social_link: Type.String(),
  referral_source: Type.String(),
  category: Type.String(),
  agreement_accepted_at: Type.String(),
  email_status: EmailStatus,
  email_verified_at: Type.Union([Type.String(), Type.Null()]),
  /** Seconds until another verification letter may be asked for (0: now). */
  resend_in: Type.Integer(),
  registered_at: Type.String(),
});
export type ParticipantResource = Static<typeof ParticipantResource>;

/** SPEC §3: a login answers with `token` and `user.id`; registering also signs in (no token when already signed in). */
export const OlympiadLoginResponse = Type.Object({
  token: Type.String(),
  user: Type.Object({ id: Type.Integer() }),
});
export type OlympiadLoginResponse = Static<typeof OlympiadLoginResponse>;

export const RegistrationResponse = Type.Object({
  token: Type.Union([Type.String(), Type.Null()]),
  user: Type.Object({ id: Type.Integer() }),
  data: ParticipantResource,
});
export type RegistrationResponse = Static<typeof RegistrationResponse>;

export const OlympiadLoginBody = Type.Object({ login: loose(), password: loose() });
export type OlympiadLoginBody = Static<typeof OlympiadLoginBody>;

export const TokenBody = Type.Object({ token: loose(200) });
export type TokenBody = Static<typeof TokenBody>;

export const VerificationResult = Type.Object({ email_status: EmailStatus, email: Type.String() });
export type VerificationResult = Static<typeof VerificationResult>;

export const ResendResult = Type.Object({ email_status: EmailStatus, resend_in: Type.Integer() });
export type ResendResult = Static<typeof ResendResult>;

export const RecoverBody = Type.Object({ email: loose() });
export type RecoverBody = Static<typeof RecoverBody>;

export const ResetPasswordBody = Type.Object({
  token: loose(200),
  password: loose(),
  password_confirmation: loose(),
  end_sessions: Type.Optional(Type.Boolean()),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ResetLinkStatus = Type.Object({ email: Type.String(), expires_at: Type.String() });
export type ResetLinkStatus = Static<typeof ResetLinkStatus>;

export const ChangePasswordBody = Type.Object({
  current_password: loose(),
  password: loose(),
  password_confirmation: loose(),
  end_sessions: Type.Optional(Type.Boolean()),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordChanged = Type.Object({ sessions_ended: Type.Integer() });
export type PasswordChanged = Static<typeof PasswordChanged>;

export const DeleteAccountBody = Type.Object({ password: loose() });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
