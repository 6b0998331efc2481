import * as yup from 'yup';
import { contactKind } from './contact';
import { msg } from './message';

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
/** The SPA offers "send again" after this; the server enforces it too. */
export const OTP_RESEND_SECONDS = 30;

export const addressRule = () =>
  yup
    .string()
    .trim()
    .required(msg('validation.required'))
    .max(255, msg('validation.maxLength', { max: 255 }))
    .test('email-or-phone', msg('validation.emailOrPhone'), (v) => !v || contactKind(v) !== null);

export const requestCodeSchema = yup.object({ address: addressRule() });

const codeRule = () =>
  yup
    .string()
    .trim()
    .required(msg('validation.required'))
    .matches(/^\d{6}$/, { message: msg('validation.code') });

export const verifyCodeSchema = yup.object({ address: addressRule(), code: codeRule() });

/** The code sent to a new e-mail or phone of the profile. */
export const confirmAddressSchema = yup.object({ code: codeRule() });

export type RequestCodeInput = yup.InferType<typeof requestCodeSchema>;
export type VerifyCodeInput = yup.InferType<typeof verifyCodeSchema>;
export type ConfirmAddressInput = yup.InferType<typeof confirmAddressSchema>;
