import { OrderView } from './order-view';

/** `/order/business/:id`: an order to one of my businesses, with the seller's moves. */
export default function BusinessOrderPage() {
  return <OrderView back="business" />;
}
