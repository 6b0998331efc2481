import * as yup from 'yup';
import { isEmail } from './contact';
import { msg } from './message';
import { cleanText, EMAIL_MAX, PASSWORD_MAX, passwordConfirmationRule, passwordRule } from './olympiad-participant';

/** Sign-in, recovery and password forms of the olympiad account. */

/** The e-mail letter may be asked for again after this (SPEC §9); the server answers 429 before. */
export const VERIFICATION_RESEND_SECONDS = 30;
/** How long the link in a verification letter works. */
export const VERIFICATION_TTL_HOURS = 48;
/** A recovery link works once, for this long (DESIGN: single use, expires). */
export const RESET_TTL_MINUTES = 60;

const requiredPassword = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .required(msg('validation.blank'))
    .test('blank', msg('validation.blank'), (v) => !v || cleanText(v) !== '')
    .max(PASSWORD_MAX, msg('validation.maxLength', { max: PASSWORD_MAX }));

const emailField = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .transform((value: unknown) => (typeof value === 'string' ? cleanText(value) : value))
    .required(msg('validation.blank'))
    .max(EMAIL_MAX, msg('validation.maxLength', { max: EMAIL_MAX }))
    .test('email', msg('validation.email'), (v) => !v || isEmail(v));

export const olympiadLoginSchema = yup.object({
  login: yup
    .string()
    .typeError(msg('validation.type'))
    .transform((value: unknown) => (typeof value === 'string' ? cleanText(value) : value))
    .required(msg('validation.blank'))
    .max(EMAIL_MAX, msg('validation.maxLength', { max: EMAIL_MAX })),
  password: requiredPassword(),
});

export const recoverRequestSchema = yup.object({ email: emailField() });

export const resetPasswordSchema = yup.object({
  token: yup.string().typeError(msg('validation.type')).required(msg('olympiad.errors.linkInvalid')),
  password: passwordRule(),
  password_confirmation: passwordConfirmationRule(),
  end_sessions: yup.boolean().typeError(msg('validation.type')).default(false),
});

export const changePasswordSchema = yup.object({
  current_password: requiredPassword(),
  password: passwordRule(),
  password_confirmation: passwordConfirmationRule(),
  end_sessions: yup.boolean().typeError(msg('validation.type')).default(false),
});

export const deleteAccountSchema = yup.object({ password: requiredPassword() });

export type OlympiadLoginInput = yup.InferType<typeof olympiadLoginSchema>;
export type ResetPasswordInput = yup.InferType<typeof resetPasswordSchema>;
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;
