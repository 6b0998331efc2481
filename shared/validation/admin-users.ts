import * as yup from 'yup';
import { ROLES } from '../roles';
import { msg } from './message';

/**
 * The rules of the admin's users section (issue 17 item 2), one source for the forms (before
 * sending) and the server (on what arrives). Messages are catalogue keys of `admin.users.errors`.
 */

/** A block's reason is shown to the person on every refused sign-in: a sentence or two. */
export const BLOCK_REASON_MAX = 500;
/** How many people one bulk block or unblock may name (a page of the table at most). */
export const BULK_USERS_MAX = 100;

const reason = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .trim()
    .required(msg('admin.users.errors.reasonRequired'))
    .max(BLOCK_REASON_MAX, msg('validation.maxLength', { max: BLOCK_REASON_MAX }));

const chosenIds = () =>
  yup
    .array()
    .typeError(msg('validation.type'))
    .of(yup.number().integer().min(1).required())
    .required(msg('admin.users.errors.noneChosen'))
    .min(1, msg('admin.users.errors.noneChosen'))
    .max(BULK_USERS_MAX, msg('admin.users.errors.tooManyChosen', { max: BULK_USERS_MAX }));

/** Block one person: the reason in words, trimmed. */
export const blockUserSchema = yup.object({ reason: reason() });
export type BlockUserInput = yup.InferType<typeof blockUserSchema>;

/** Block several chosen people with one reason. */
export const bulkBlockSchema = yup.object({ ids: chosenIds(), reason: reason() });
export type BulkBlockInput = yup.InferType<typeof bulkBlockSchema>;

/** Unblock several chosen people. */
export const bulkUnblockSchema = yup.object({ ids: chosenIds() });

/** A new role: one of ROLES. */
export const roleChangeSchema = yup.object({
  role: yup
    .string()
    .typeError(msg('validation.type'))
    .required(msg('admin.users.errors.unknownRole'))
    .oneOf([...ROLES], msg('admin.users.errors.unknownRole')),
});
export type RoleChangeInput = yup.InferType<typeof roleChangeSchema>;
