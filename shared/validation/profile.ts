import * as yup from 'yup';
import { emailRule, phoneRule } from './contact';
import { msg } from './message';

export const PROFILE_NAME_MAX = 255;
export const PROFILE_ABOUT_MAX = 1000;

export const profileSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(msg('validation.required'))
    .max(PROFILE_NAME_MAX, msg('validation.maxLength', { max: PROFILE_NAME_MAX })),
  email: emailRule().default(''),
  phone: phoneRule().default(''),
  about: yup
    .string()
    .trim()
    .max(PROFILE_ABOUT_MAX, msg('validation.maxLength', { max: PROFILE_ABOUT_MAX }))
    .default(''),
});

export type ProfileInput = yup.InferType<typeof profileSchema>;
