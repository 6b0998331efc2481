import * as yup from 'yup';
import { CANCEL_REASON_MAX, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../api/order-values';
import { optionalTextRule } from './catalog-common';
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
  comment: optionalTextRule(RATING_COMMENT_MAX),
});

/** A cancellation reason: required of a business, optional for the buyer (`reasonRequired`). */
export const cancelOrderSchema = (reasonRequired: boolean) =>
  yup.object({
    reason: optionalTextRule(CANCEL_REASON_MAX).test('required', msg('orders.validation.reasonRequired'), (v) => !reasonRequired || !!v),
  });
