import * as yup from 'yup';
import { CANCEL_REASON_MAX, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../api/order-values';
import { msg } from './message';

/** Rating an order: the stars form and `POST /v1/orders/{id}/rate`. */
export const rateOrderSchema = yup.object({
  stars: yup
    .number()
    .typeError(msg('orders.validation.stars', { min: RATING_MIN, max: RATING_MAX }))
    .required(msg('orders.validation.stars', { min: RATING_MIN, max: RATING_MAX }))
    .integer(msg('orders.validation.stars', { min: RATING_MIN, max: RATING_MAX }))
    .min(RATING_MIN, msg('orders.validation.stars', { min: RATING_MIN, max: RATING_MAX }))
    .max(RATING_MAX, msg('orders.validation.stars', { min: RATING_MIN, max: RATING_MAX })),
  comment: yup
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, msg('validation.maxLength', { max: RATING_COMMENT_MAX }))
    .nullable()
    .transform((value: string | null) => (value ? value : null))
    .default(null),
});

/** A cancellation reason: required of a business, optional for the buyer (`reasonRequired`). */
export const cancelOrderSchema = (reasonRequired: boolean) =>
  yup.object({
    reason: yup
      .string()
      .trim()
      .max(CANCEL_REASON_MAX, msg('validation.maxLength', { max: CANCEL_REASON_MAX }))
      .nullable()
      .transform((value: string | null) => (value ? value : null))
      .default(null)
      .test('required', msg('orders.validation.reasonRequired'), (v) => !reasonRequired || !!v),
  });
