import { COURIER_DELIVERY_COST } from '../api/order-values';
import type { DeliveryKind } from './order-machine';

export interface DeliveryPrice {
  cost: number;
  discount: number;
}

/**
 * Delivery of one business's order, in minor units: pickup is free; courier
 * costs COURIER_DELIVERY_COST less the business's delivery discount
 * (`GET /v1/businesses/delivery-discounts`), rounded to the nearest minor unit
 * in integers only. The cart shows it and checkout charges it, from this one rule.
 */
export function deliveryPrice(kind: DeliveryKind, discountPercent: number): DeliveryPrice {
  if (kind === 'pickup') return { cost: 0, discount: 0 };
  const percent = Math.min(100, Math.max(0, Math.trunc(discountPercent)));
  return { cost: COURIER_DELIVERY_COST, discount: Math.floor((COURIER_DELIVERY_COST * percent + 50) / 100) };
}

export function orderTotal(itemsTotal: number, delivery: DeliveryPrice): number {
  return itemsTotal + delivery.cost - delivery.discount;
}
