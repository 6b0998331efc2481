import { useEffect, useMemo, useState } from 'react';
import type { OrderSummary } from '../../../shared/api/orders';

/**
 * Orders that arrived while the seller's list was open: ids above the highest
 * one of the first answer (ids only grow). The list refetches on every
 * `OrderStatusUpdated` (src/sagas/realtime-effects.saga.ts), so a new order
 * shows up marked, quietly; `seen` moves the line up to what is listed now.
 */
export function useFreshOrders(orders: OrderSummary[] | undefined) {
  const [baseline, setBaseline] = useState<number | null>(null);
  const highest = orders && orders.length > 0 ? Math.max(...orders.map((order) => order.id)) : 0;
  useEffect(() => {
    if (orders && baseline === null) setBaseline(highest);
  }, [orders, baseline, highest]);
  const fresh = useMemo(() => new Set((orders ?? []).filter((order) => baseline !== null && order.id > baseline).map((order) => order.id)), [orders, baseline]);
  return { fresh, seen: () => setBaseline(highest) };
}
