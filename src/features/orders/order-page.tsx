import { OrderView } from './order-view';

/** `/order/:id`: the buyer's order (a seller who opens it sees their own side of it). */
export default function OrderPage() {
  return <OrderView back="history" />;
}
