import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { userChannel } from '../../../shared/api/realtime-events';
import { isLanguage, type Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { OrderActor, OrderStatus } from '../../../shared/orders/order-machine';
import type { Db } from '../../db/client';
import { businesses, users, type Order } from '../../db/schema';
import type { NewNotification } from '../notifications/notifier';
import { localized } from '../catalog/common/catalog-context';

/** Where each side opens an order (the notification's link). */
export const buyerOrderPath = (id: number) => `/order/${id}`;
export const sellerOrderPath = (id: number) => `/order/business/${id}`;

const languageOf = (locale: string | null | undefined): Language => (isLanguage(locale) ? locale : 'ru');

export interface Announcement {
  order: Order;
  from: OrderStatus | null;
  actor: OrderActor;
}

const owners = alias(users, 'owners');

/**
 * After moves are committed: `OrderStatusUpdated` to the buyer's channel and
 * to the business owner's (so every open tab of both updates), and a
 * notification, in each reader's language, to whoever did not make the move
 * (the business also hears of every new order, and not of unpaid ones). Two
 * reads and one insert for any number of orders; `announce` never throws (the moves stand).
 */
export function orderAnnouncer(app: FastifyInstance) {
  async function record(executor: Db, list: Announcement[]): Promise<() => void> {
    if (!list.length) return () => undefined;
    // One after the other: inside a PGlite transaction two statements at once would wait for each other.
    const parties = await executor
      .select({ businessId: businesses.id, ownerId: businesses.ownerId, name: businesses.name, nameEn: businesses.nameEn, ownerLocale: owners.locale })
      .from(businesses)
      .innerJoin(owners, eq(owners.id, businesses.ownerId))
      .where(inArray(businesses.id, [...new Set(list.map((a) => a.order.businessId))]));
    const buyers = await executor
      .select({ id: users.id, name: users.name, locale: users.locale })
      .from(users)
      .where(inArray(users.id, [...new Set(list.map((a) => a.order.buyerId))]));
    const notes: NewNotification[] = [];
    const events: Array<() => void> = [];
    for (const { order, from, actor } of list) {
      const business = parties.find((p) => p.businessId === order.businessId);
      const buyer = buyers.find((b) => b.id === order.buyerId);
      if (!business || !buyer) continue;
      const buyerLang = languageOf(buyer.locale);
      const sellerLang = languageOf(business.ownerLocale);
      const status = (lang: Language) => translate(lang, `orders.status.${order.status}`);
      const event = (lang: Language) => ({ message: translate(lang, 'orders.event.message', { id: order.id, status: status(lang) }), order_id: order.id, status: order.status });
      events.push(() => app.publisher.publish(userChannel(order.buyerId), 'OrderStatusUpdated', event(buyerLang)));
      if (business.ownerId !== order.buyerId) events.push(() => app.publisher.publish(userChannel(business.ownerId), 'OrderStatusUpdated', event(sellerLang)));

      const data = { order_id: order.id, status: order.status, from };
      if (actor !== 'buyer') {
        notes.push({
          userId: order.buyerId,
          type: 'order',
          title: translate(buyerLang, 'orders.notifications.buyerTitle', { id: order.id, status: status(buyerLang) }),
          body: translate(buyerLang, 'orders.notifications.buyerBody', { business: localized(buyerLang, business.name, business.nameEn) }),
          data: { ...data, link: buyerOrderPath(order.id) },
        });
      }
      const isNew = order.status === 'placed' && (from === null || from === 'pending_payment');
      // An unpaid card order is not the business's concern until it is paid (it then arrives as new).
      if (actor !== 'seller' && (isNew || (from !== null && from !== 'pending_payment'))) {
        notes.push({
          userId: business.ownerId,
          type: 'order',
          title: isNew
            ? translate(sellerLang, 'orders.notifications.sellerNewTitle', { id: order.id })
            : translate(sellerLang, 'orders.notifications.sellerTitle', { id: order.id, status: status(sellerLang) }),
          body: translate(sellerLang, 'orders.notifications.sellerBody', { business: localized(sellerLang, business.name, business.nameEn), buyer: buyer.name || `#${order.buyerId}` }),
          data: { ...data, link: sellerOrderPath(order.id) },
        });
      }
    }
    const stored = await app.notifier.store(executor, notes);
    return () => {
      for (const publish of events) publish();
      stored.publish();
    };
  }

  return {
    /**
     * For moves still in `tx`: stores their notifications in it (they commit
     * together) and returns what publishes the events, to call after the commit.
     */
    record,
    /** For committed moves: notifications stored and everything published now. */
    async announce(...list: Announcement[]): Promise<void> {
      try {
        (await record(app.db, list))();
      } catch (err) {
        app.log.error({ err, orderIds: list.map((a) => a.order.id) }, 'announcing order moves failed');
      }
    },
  };
}

export type OrderAnnouncer = ReturnType<typeof orderAnnouncer>;
