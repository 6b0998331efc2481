import type { BusinessPage } from '../../../shared/api/catalog-businesses';
import { api } from '../../services/api';

/** Stores that take money off courier delivery, biggest discount first (the /delivery page's list). */
export const deliveryDiscountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    deliveryDiscounts: build.query<BusinessPage, void>({
      query: () => ({ url: '/businesses/delivery-discounts', params: { per_page: 12 } }),
      providesTags: [{ type: 'Business', id: 'LIST' }],
    }),
  }),
});

export const { useDeliveryDiscountsQuery } = deliveryDiscountsApi;
