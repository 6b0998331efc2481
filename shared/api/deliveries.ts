import { Type, type Static } from 'typebox';
import { Nullable } from './catalog-common';
import { Id } from './numbers';
import { COURIER_FIELD_MAX } from './order-values';

/**
 * `POST /v1/deliveries`: the selling business hands an accepted courier
 * order to a courier (who, tracking code, expected arrival). One delivery per
 * order (409 for a second); the order's own status still moves with
 * `PUT /v1/orders/{id}/status`.
 */
export const DeliveryBody = Type.Object({
  order_id: Id(),
  courier_name: Type.String({ maxLength: COURIER_FIELD_MAX.courier_name }),
  courier_phone: Type.Optional(Nullable(Type.String({ maxLength: COURIER_FIELD_MAX.courier_phone }))),
  tracking_code: Type.Optional(Nullable(Type.String({ maxLength: COURIER_FIELD_MAX.tracking_code }))),
  /** ISO date-time the courier is expected. */
  expected_at: Type.Optional(Nullable(Type.String({ maxLength: COURIER_FIELD_MAX.expected_at }))),
});
export type DeliveryBody = Static<typeof DeliveryBody>;

export const DeliveryResource = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  courier_name: Type.String(),
  courier_phone: Nullable(Type.String()),
  tracking_code: Nullable(Type.String()),
  expected_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type DeliveryResource = Static<typeof DeliveryResource>;
