import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userChannel } from '../../../shared/api/realtime-events';
import { isLanguage, type Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { OrderActor, OrderStatus } from '../../../shared/orders/order-machine';
import { businesses, users, type Order } from '../../db/schema';
import { localized } from '../catalog/common/catalog-context';

/** Where each side opens an order (the notification's link). */
export const buyerOrderPath = (id: number) => `/order/${id}`;
export const sellerOrderPath = (id: number) => `/order/business/${id}`;

const languageOf = (locale: string): Language => (isLanguage(locale) ? locale : 'ru');

export interface Announcement {
  order: Order;
  from: OrderStatus | null;
  actor: OrderActor;
}

/**
 * After a move is committed: `OrderStatusUpdated` to the buyer's channel and
 * to the business owner's (so every open tab of both updates), and a
 * notification, in each reader's language, to whoever did not make the move
 * (the business also hears of every new order). Never throws: the move stands.
 */
export function orderAnnouncer(app: FastifyInstance) {
  async function announce({ order, from, actor }: Announcement): Promise<void> {
    const [parties] = await app.db
      .select({ ownerId: businesses.ownerId, name: businesses.name, nameEn: businesses.nameEn, buyerName: users.name, buyerLocale: users.locale })
      .from(businesses)
      .innerJoin(users, eq(users.id, order.buyerId))
      .where(eq(businesses.id, order.businessId));
    if (!parties) return;
    const [owner] = await app.db.select({ locale: users.locale }).from(users).where(eq(users.id, parties.ownerId));
    const buyerLang = languageOf(parties.buyerLocale);
    const sellerLang = languageOf(owner?.locale ?? 'ru');
    const status = (lang: Language) => translate(lang, `orders.status.${order.status}`);
    const event = (lang: Language) => ({ message: translate(lang, 'orders.event.message', { id: order.id, status: status(lang) }), order_id: order.id, status: order.status });

    app.publisher.publish(userChannel(order.buyerId), 'OrderStatusUpdated', event(buyerLang));
    if (parties.ownerId !== order.buyerId) app.publisher.publish(userChannel(parties.ownerId), 'OrderStatusUpdated', event(sellerLang));

    const data = { order_id: order.id, status: order.status, from };
    if (actor !== 'buyer') {
      await app.notifier.notify({
        userId: order.buyerId,
        type: 'order',
        title: translate(buyerLang, 'orders.notifications.buyerTitle', { id: order.id, status: status(buyerLang) }),
        body: translate(buyerLang, 'orders.notifications.buyerBody', { business: localized(buyerLang, parties.name, parties.nameEn) }),
        data: { ...data, link: buyerOrderPath(order.id) },
      });
    }
    const isNew = order.status === 'placed' && (from === null || from === 'pending_payment');
    // An unpaid card order is not the business's concern until it is paid (it then arrives as new).
    if (actor !== 'seller' && (isNew || (from !== null && from !== 'pending_payment'))) {
      await app.notifier.notify({
        userId: parties.ownerId,
        type: 'order',
        title: isNew
          ? translate(sellerLang, 'orders.notifications.sellerNewTitle', { id: order.id })
          : translate(sellerLang, 'orders.notifications.sellerTitle', { id: order.id, status: status(sellerLang) }),
        body: translate(sellerLang, 'orders.notifications.sellerBody', { business: localized(sellerLang, parties.name, parties.nameEn), buyer: parties.buyerName || `#${order.buyerId}` }),
        data: { ...data, link: sellerOrderPath(order.id) },
      });
    }
  }

  return {
    async announce(announcement: Announcement): Promise<void> {
      try {
        await announce(announcement);
      } catch (err) {
        app.log.error({ err, orderId: announcement.order.id }, 'announcing an order move failed');
      }
    },
  };
}

export type OrderAnnouncer = ReturnType<typeof orderAnnouncer>;
