import type { AddressBody, AddressResource } from '../../shared/api/addresses';

/** The form holds text in every field (inputs want strings); the body says "not given" with null. */
export interface AddressValues {
  city: string;
  street: string;
  house: string;
  flat: string;
  entrance: string;
  floor: string;
  intercom: string;
  comment: string;
  is_default: boolean;
}

export const OPTIONAL_FIELDS = ['flat', 'entrance', 'floor', 'intercom', 'comment'] as const;

export const emptyAddress: AddressValues = { city: '', street: '', house: '', flat: '', entrance: '', floor: '', intercom: '', comment: '', is_default: false };

export const addressValues = (address: AddressResource): AddressValues => ({
  city: address.city,
  street: address.street,
  house: address.house,
  flat: address.flat ?? '',
  entrance: address.entrance ?? '',
  floor: address.floor ?? '',
  intercom: address.intercom ?? '',
  comment: address.comment ?? '',
  is_default: address.is_default,
});

/** What is sent, and what the shared rule checks on the client: so both judge the same body. */
export function addressBody(values: AddressValues): AddressBody {
  const body: AddressBody = { city: values.city.trim(), street: values.street.trim(), house: values.house.trim(), is_default: values.is_default };
  for (const field of OPTIONAL_FIELDS) body[field] = values[field].trim() || null;
  return body;
}
