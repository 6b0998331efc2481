import type { AddressResource, OrderAddress } from '../../../shared/api/addresses';
import type { Address } from '../../db/schema';

/** The copy an order keeps of an address. */
export const orderAddressOf = (a: Address): OrderAddress => ({
  city: a.city,
  street: a.street,
  house: a.house,
  flat: a.flat,
  entrance: a.entrance,
  floor: a.floor,
  intercom: a.intercom,
  comment: a.comment,
});

export const toAddressResource = (a: Address): AddressResource => ({
  id: a.id,
  ...orderAddressOf(a),
  is_default: a.isDefault,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});
