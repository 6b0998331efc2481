import { Type, type Static } from 'typebox';
import { Nullable } from './catalog-common';
import { ADDRESS_FIELD_MAX as MAX } from './order-values';

/**
 * `/v1/addresses`: a buyer's saved delivery addresses. The shared rules
 * (shared/validation/addresses.ts) decide what is required; an order keeps
 * its own copy (`OrderAddress`), so editing or deleting an address never
 * changes an order placed with it.
 */
export const AddressFields = {
  city: Type.String({ maxLength: MAX.city }),
  street: Type.String({ maxLength: MAX.street }),
  house: Type.String({ maxLength: MAX.house }),
  flat: Type.Optional(Nullable(Type.String({ maxLength: MAX.flat }))),
  entrance: Type.Optional(Nullable(Type.String({ maxLength: MAX.entrance }))),
  floor: Type.Optional(Nullable(Type.String({ maxLength: MAX.floor }))),
  intercom: Type.Optional(Nullable(Type.String({ maxLength: MAX.intercom }))),
  comment: Type.Optional(Nullable(Type.String({ maxLength: MAX.comment }))),
};

/** `POST /v1/addresses` and `PUT /v1/addresses/{id}` (every field; `is_default: true` makes it the default). */
export const AddressBody = Type.Object({ ...AddressFields, is_default: Type.Optional(Type.Boolean()) });
export type AddressBody = Static<typeof AddressBody>;

/** The address as an order keeps it (no id: it is a copy). */
export const OrderAddress = Type.Object({
  city: Type.String(),
  street: Type.String(),
  house: Type.String(),
  flat: Nullable(Type.String()),
  entrance: Nullable(Type.String()),
  floor: Nullable(Type.String()),
  intercom: Nullable(Type.String()),
  comment: Nullable(Type.String()),
});
export type OrderAddress = Static<typeof OrderAddress>;

export const AddressResource = Type.Object({
  id: Type.Integer(),
  ...OrderAddress.properties,
  is_default: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type AddressResource = Static<typeof AddressResource>;
