import * as yup from 'yup';
import { CANCEL_REASON_MAX, COURIER_FIELD_MAX, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../api/order-values';
import { optionalTextRule } from './catalog-common';
import { isPhone } from './contact';
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

/**
 * Handing a courier order to a courier: the seller's form and `POST /v1/deliveries`.
 * The name is required; phone, tracking code and expected time are optional
 * (empty is null). The expected time is an ISO date-time: the form turns its
 * local "date and time" field into one before checking.
 */
export const deliverySchema = yup.object({
  courier_name: yup
    .string()
    .trim()
    .required(msg('validation.required'))
    .max(COURIER_FIELD_MAX.courier_name, msg('validation.maxLength', { max: COURIER_FIELD_MAX.courier_name })),
  courier_phone: optionalTextRule(COURIER_FIELD_MAX.courier_phone).test('phone', msg('validation.phone'), (value) => !value || isPhone(value)),
  tracking_code: optionalTextRule(COURIER_FIELD_MAX.tracking_code),
  expected_at: optionalTextRule(COURIER_FIELD_MAX.expected_at).test('date', msg('orders.errors.expectedAt'), (value) => !value || !Number.isNaN(Date.parse(value))),
});
export type DeliveryInput = yup.InferType<typeof deliverySchema>;
