import type { BusinessPage } from '../../../shared/api/catalog-businesses';
import type { DeliveryBody, DeliveryResource } from '../../../shared/api/deliveries';
import type { CancelOrderBody, OrderPage, OrderResource, RateOrderBody } from '../../../shared/api/orders';
import type { OrderStatus, SellerStatusTarget } from '../../../shared/orders/order-machine';
import { api } from '../../services/api';
import { ORDER_LIST_TAG } from './order-changed';

export const ORDERS_PER_PAGE = 20;
const LIST = ORDER_LIST_TAG;

export interface OrdersArgs {
  page: number;
  status?: OrderStatus;
  businessId?: number;
}

const listParams = ({ page, status, businessId }: OrdersArgs) => ({
  page,
  per_page: ORDERS_PER_PAGE,
  ...(status ? { status } : {}),
  ...(businessId ? { business_id: businessId } : {}),
});

/** Every move answers the whole order: it becomes the cached order, and the lists refetch. */
const moveAnswered = { invalidatesTags: [LIST] };

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    userOrders: build.query<OrderPage, OrdersArgs>({
      query: (args) => ({ url: '/orders/user', params: listParams(args) }),
      providesTags: (result) => [LIST, ...(result?.data ?? []).map((order) => ({ type: 'Order' as const, id: order.id }))],
    }),
    businessOrders: build.query<OrderPage, OrdersArgs>({
      query: (args) => ({ url: '/orders/business', params: listParams(args) }),
      providesTags: (result) => [LIST, ...(result?.data ?? []).map((order) => ({ type: 'Order' as const, id: order.id }))],
    }),
    /** The seller's businesses, for the filter (the same call as the catalogue's "my businesses"). */
    sellerBusinesses: build.query<BusinessPage, void>({
      query: () => ({ url: '/business', params: { per_page: 100 } }),
      providesTags: [{ type: 'Business', id: 'MINE' }],
    }),
    order: build.query<OrderResource, number>({
      query: (id) => `/orders/${id}`,
      transformResponse: (response: { data: OrderResource }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    setOrderStatus: build.mutation<OrderResource, { id: number; status: SellerStatusTarget }>({
      query: ({ id, status }) => ({ url: `/orders/${id}/status`, method: 'PUT', body: { status } }),
      transformResponse: (response: { data: OrderResource }) => response.data,
      onQueryStarted: (args, api) => storeOrder(args.id, api),
      ...moveAnswered,
    }),
    cancelOrder: build.mutation<OrderResource, { id: number } & CancelOrderBody>({
      query: ({ id, reason }) => ({ url: `/orders/${id}/cancel`, method: 'POST', body: { reason: reason ?? null } }),
      transformResponse: (response: { data: OrderResource }) => response.data,
      onQueryStarted: (args, api) => storeOrder(args.id, api),
      ...moveAnswered,
    }),
    rateOrder: build.mutation<OrderResource, { id: number } & RateOrderBody>({
      query: ({ id, ...body }) => ({ url: `/orders/${id}/rate`, method: 'POST', body }),
      transformResponse: (response: { data: OrderResource }) => response.data,
      onQueryStarted: (args, api) => storeOrder(args.id, api),
      // The product's and business's ratings changed too.
      invalidatesTags: [LIST, 'Product', 'Business'],
    }),
    confirmPayment: build.mutation<OrderResource, number>({
      query: (id) => ({ url: `/orders/${id}/confirm-payment`, method: 'POST', body: {} }),
      transformResponse: (response: { data: OrderResource }) => response.data,
      onQueryStarted: (id, api) => storeOrder(id, api),
      ...moveAnswered,
    }),
    /** The seller hands a courier order to a courier: the answer becomes the cached order's `delivery`. */
    createDelivery: build.mutation<DeliveryResource, DeliveryBody>({
      query: (body) => ({ url: '/deliveries', method: 'POST', body }),
      transformResponse: (response: { data: DeliveryResource }) => response.data,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(ordersApi.util.updateQueryData('order', body.order_id, (order) => void (order.delivery = data)));
        } catch {
          // The form shows the refusal.
        }
      },
    }),
  }),
});

/** The answer of a move is the order as it is now: no second request for it. */
async function storeOrder(
  id: number,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: OrderResource }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(ordersApi.util.upsertQueryData('order', id, data));
  } catch {
    // The screen shows the refusal (a 409 in the reader's language); the cached order stays as it was.
  }
}

export const {
  useUserOrdersQuery,
  useBusinessOrdersQuery,
  useSellerBusinessesQuery,
  useOrderQuery,
  useSetOrderStatusMutation,
  useCancelOrderMutation,
  useRateOrderMutation,
  useConfirmPaymentMutation,
  useCreateDeliveryMutation,
} = ordersApi;

// The order screens' way to it (order-changed.ts); the realtime listeners import that module itself.
export { orderChanged } from './order-changed';
