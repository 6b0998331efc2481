import type { OrderResource, OrderSummary } from '../../../shared/api/orders';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import { movesFor, RATEABLE_STATUSES, type OrderStatus } from '../../../shared/orders/order-machine';
import type { Delivery, OrderHistoryRow, OrderItem, OrderRating, Payment } from '../../db/schema';
import { localized } from '../catalog/common/catalog-context';
import type { ImageMap } from '../catalog/common/images-repository';
import { deadlineOf } from './order-deadlines';
import type { OrderRow } from './orders-repository';

const PREVIEW_LINES = 3;

/** What a summary needs of an order's lines (a fresh checkout has them without reading them back). */
export type SummaryLine = Pick<OrderItem, 'orderId' | 'quantity' | 'name' | 'nameEn'>;

export function toOrderSummary({ order, business, buyer }: OrderRow, items: SummaryLine[], lang: Language): OrderSummary {
  const own = items.filter((i) => i.orderId === order.id);
  return {
    id: order.id,
    status: order.status,
    business: { id: business.id, name: localized(lang, business.name, business.nameEn), owner_id: business.ownerId },
    buyer: { id: buyer.id, name: buyer.name },
    delivery_kind: order.deliveryKind,
    payment_kind: order.paymentKind,
    totals: { currency: order.currency, items: order.itemsTotal, delivery_cost: order.deliveryCost, delivery_discount: order.deliveryDiscount, total: order.total },
    items_count: own.reduce((n, i) => n + i.quantity, 0),
    preview: own.slice(0, PREVIEW_LINES).map((i) => localized(lang, i.name, i.nameEn)),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

export interface OrderDetailParts {
  items: OrderItem[];
  images: ImageMap;
  payment: Payment | null;
  delivery: Delivery | null;
  history: OrderHistoryRow[];
  rating: OrderRating | null;
}

export function toOrderResource(row: OrderRow & { viewer: 'buyer' | 'seller' }, parts: OrderDetailParts, lang: Language): OrderResource {
  const { order } = row;
  const status: OrderStatus = order.status;
  const moves = movesFor(status, row.viewer, order.deliveryKind);
  return {
    ...toOrderSummary(row, parts.items, lang),
    viewer: row.viewer,
    items: parts.items.map((i) => ({
      id: i.id,
      product_id: i.productId,
      name: localized(lang, i.name, i.nameEn),
      image: (i.imageId && parts.images.get(i.imageId)) || null,
      unit_price: i.unitPrice,
      quantity: i.quantity,
      line_total: i.unitPrice * i.quantity,
    })),
    address: order.address ?? null,
    comment: order.comment,
    payment: {
      kind: order.paymentKind,
      status: order.paymentKind === 'cash' ? null : (parts.payment?.status ?? 'pending'),
      card: order.cardLast4 ? { brand: order.cardBrand ?? 'unknown', last4: order.cardLast4 } : null,
      refunded: parts.payment?.status === 'refunded',
    },
    delivery: parts.delivery
      ? {
          id: parts.delivery.id,
          order_id: parts.delivery.orderId,
          courier_name: parts.delivery.courierName,
          courier_phone: parts.delivery.courierPhone,
          tracking_code: parts.delivery.trackingCode,
          expected_at: parts.delivery.expectedAt?.toISOString() ?? null,
          created_at: parts.delivery.createdAt.toISOString(),
        }
      : null,
    // The sweep gives no reason of its own: the reader gets the deadline's, in their language.
    cancel_reason: order.cancelReason ?? (status === 'cancelled' && parts.history.at(-1)?.actor === 'system' ? translate(lang, 'orders.cancel.notAccepted') : null),
    timeline: parts.history.map((h) => ({ from: h.fromStatus, to: h.toStatus, by: h.actor, reason: h.reason, at: h.createdAt.toISOString() })),
    rating: parts.rating ? { stars: parts.rating.stars, comment: parts.rating.comment, created_at: parts.rating.createdAt.toISOString() } : null,
    moves,
    can_rate: row.viewer === 'buyer' && !parts.rating && RATEABLE_STATUSES.includes(status),
    deadline_at: deadlineOf(status, order.statusChangedAt)?.toISOString() ?? null,
  };
}
