import type { AddressBody, AddressResource } from '../../shared/api/addresses';
import { api } from '../services/api';

/**
 * The buyer's saved addresses: the settings screens edit them, the checkout
 * chooses from them. Every write refreshes the one list, because making one
 * address the default changes another's flag too.
 */
export const ADDRESS_LIST_TAG = { type: 'Address' as const, id: 'LIST' };

export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The name the checkout has always cached the list under (its tests seed it so).
    savedAddresses: build.query<AddressResource[], void>({
      query: () => '/addresses',
      transformResponse: (response: { data: AddressResource[] }) => response.data,
      providesTags: [ADDRESS_LIST_TAG],
    }),
    addAddress: build.mutation<AddressResource, AddressBody>({
      query: (body) => ({ url: '/addresses', method: 'POST', body }),
      transformResponse: (response: { data: AddressResource }) => response.data,
      invalidatesTags: [ADDRESS_LIST_TAG],
    }),
    updateAddress: build.mutation<AddressResource, { id: number; body: AddressBody }>({
      query: ({ id, body }) => ({ url: `/addresses/${id}`, method: 'PUT', body }),
      transformResponse: (response: { data: AddressResource }) => response.data,
      invalidatesTags: [ADDRESS_LIST_TAG],
    }),
    deleteAddress: build.mutation<void, number>({
      query: (id) => ({ url: `/addresses/${id}`, method: 'DELETE' }),
      invalidatesTags: [ADDRESS_LIST_TAG],
    }),
  }),
});

export const { useSavedAddressesQuery, useAddAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } = addressesApi;

/** An address as PUT wants it back (every field), e.g. to make it the default from the list. */
export const addressBody = (address: AddressResource, changes: Partial<AddressBody> = {}): AddressBody => ({
  city: address.city,
  street: address.street,
  house: address.house,
  flat: address.flat,
  entrance: address.entrance,
  floor: address.floor,
  intercom: address.intercom,
  comment: address.comment,
  is_default: address.is_default,
  ...changes,
});
