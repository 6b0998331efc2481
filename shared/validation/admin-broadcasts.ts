import * as yup from 'yup';
import { AUDIENCE_KINDS, AUDIENCE_USERS_MAX, type BroadcastAudience } from '../api/admin-broadcasts-values';
import { MAX_ID } from '../api/number-values';
import { ROLES } from '../roles';
import { msg } from './message';
import { CATEGORIES } from './olympiad-options';

/** The notifications table's limits (title varchar(200); bodies as the single-user call allows). */
export const BROADCAST_TITLE_MAX = 200;
export const BROADCAST_BODY_MAX = 2000;

const text = (max: number) =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(msg('admin.broadcasts.errors.noText'))
    .max(max, msg('validation.maxLength', { max }));

const anyId = () => yup.number().typeError(msg('validation.type')).integer(msg('validation.type')).min(1, msg('validation.minimum', { min: 1 })).max(MAX_ID, msg('validation.maximum', { max: MAX_ID }));
const optionalId = () => anyId().nullable().default(null);
const requiredId = () => anyId().required(msg('admin.broadcasts.errors.userRequired'));

const audience = yup.object({
  kind: yup.string().typeError(msg('validation.type')).required(msg('validation.required')).oneOf(AUDIENCE_KINDS, msg('validation.enum')),
  user_id: optionalId().when('kind', { is: 'user', then: () => requiredId(), otherwise: (rule) => rule.strip() }),
  user_ids: yup
    .array()
    .typeError(msg('validation.type'))
    .of(requiredId())
    .when('kind', {
      is: 'users',
      then: (rule) =>
        rule
          .required(msg('admin.broadcasts.errors.userRequired'))
          .min(1, msg('admin.broadcasts.errors.userRequired'))
          .max(AUDIENCE_USERS_MAX, msg('admin.broadcasts.errors.tooManyUsers', { max: AUDIENCE_USERS_MAX }))
          .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value)] : value)),
      otherwise: (rule) => rule.strip(),
    }),
  role: yup
    .string()
    .typeError(msg('validation.type'))
    .when('kind', { is: 'role', then: (rule) => rule.required(msg('validation.required')).oneOf(ROLES, msg('validation.enum')), otherwise: (rule) => rule.strip() }),
  business_category_id: optionalId().when('kind', { is: 'sellers', then: (rule) => rule, otherwise: (rule) => rule.strip() }),
  category: yup
    .string()
    .typeError(msg('validation.type'))
    .nullable()
    .default(null)
    .when('kind', { is: 'participants', then: (rule) => rule.oneOf([...CATEGORIES, null], msg('validation.enum')), otherwise: (rule) => rule.strip() }),
});

/**
 * An announcement as composed: both languages required (each person reads theirs), an audience,
 * and either now (`send_at` null) or a moment still ahead. The server checks the moment again by
 * its own clock, and that the audience has somebody in it.
 */
export const broadcastSchema = yup.object({
  title_ru: text(BROADCAST_TITLE_MAX),
  body_ru: text(BROADCAST_BODY_MAX),
  title_en: text(BROADCAST_TITLE_MAX),
  body_en: text(BROADCAST_BODY_MAX),
  audience: audience.required(msg('validation.required')),
  send_at: yup
    .string()
    .typeError(msg('validation.type'))
    .nullable()
    .default(null)
    .test('date', msg('validation.format'), (value) => value == null || !Number.isNaN(Date.parse(value)))
    .test('future', msg('admin.broadcasts.errors.pastSchedule'), (value) => value == null || Number.isNaN(Date.parse(value)) || Date.parse(value) > Date.now()),
});

export type BroadcastInput = yup.InferType<typeof broadcastSchema>;

/** The audience as stored: only the fields of its kind. */
export function audienceOf(input: BroadcastInput['audience']): BroadcastAudience {
  switch (input.kind) {
    case 'user':
      return { kind: 'user', user_id: input.user_id as number };
    case 'users':
      return { kind: 'users', user_ids: (input.user_ids ?? []) as number[] };
    case 'role':
      return { kind: 'role', role: input.role as (typeof ROLES)[number] };
    case 'sellers':
      return { kind: 'sellers', business_category_id: input.business_category_id ?? null };
    case 'participants':
      return { kind: 'participants', category: (input.category ?? null) as (typeof CATEGORIES)[number] | null };
    default:
      return { kind: 'everyone' };
  }
}
