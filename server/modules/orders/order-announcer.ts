import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userChannel } from '../../../shared/api/realtime-events';
import { isLanguage, type Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { OrderActor, OrderStatus } from '../../../shared/orders/order-machine';
import type { Db } from '../../db/client';
import type { Order } from '../../db/schema';
import type { NewNotification } from '../notifications/notifier';
import { localized } from '../catalog/common/catalog-context';
import { rawRows } from '../catalog/common/raw-rows';

/** Where each side opens an order (the notification's link). */
export const buyerOrderPath = (id: number) => `/order/${id}`;
export const sellerOrderPath = (id: number) => `/order/business/${id}`;

const languageOf = (locale: string | null | undefined): Language => (isLanguage(locale) ? locale : 'ru');

/** Who an order's notifications go to, in which language. */
export interface OrderParties {
  businesses: Array<{ businessId: number; ownerId: number; name: string; nameEn: string | null; ownerLocale: string | null }>;
  buyers: Array<{ id: number; name: string; locale: string | null }>;
}

export interface Announcement {
  order: Order;
  from: OrderStatus | null;
  actor: OrderActor;
}

/**
 * After moves are committed: `OrderStatusUpdated` to the buyer's channel and
 * to the business owner's (so every open tab of both updates), and a
 * notification, in each reader's language, to whoever did not make the move
 * (the business also hears of every new order, and not of unpaid ones). Two
 * reads and one insert for any number of orders; `announce` never throws (the moves stand).
 */
export function orderAnnouncer(app: FastifyInstance) {
  /** Both parties of the orders in one statement (a round trip fewer inside the checkout's and the payment's transactions). */
  async function readParties(executor: Db, list: Announcement[]): Promise<OrderParties> {
    const rows = await rawRows<{ kind: 'business' | 'buyer'; id: number; owner_id: number | null; name: string; name_en: string | null; locale: string }>(
      executor,
      sql`select 'business' as kind, b.id, b.owner_id, b.name, b.name_en, o.locale
            from businesses b join users o on o.id = b.owner_id
           where b.id in (${sql.join([...new Set(list.map((a) => a.order.businessId))], sql`, `)})
          union all
          select 'buyer', u.id, null, u.name, null, u.locale from users u
           where u.id in (${sql.join([...new Set(list.map((a) => a.order.buyerId))], sql`, `)})`,
    );
    return {
      businesses: rows.filter((r) => r.kind === 'business').map((r) => ({ businessId: r.id, ownerId: r.owner_id!, name: r.name, nameEn: r.name_en, ownerLocale: r.locale })),
      buyers: rows.filter((r) => r.kind === 'buyer').map((r) => ({ id: r.id, name: r.name, locale: r.locale })),
    };
  }

  /** `known`: the parties when the caller has them already (a checkout read them with the cart), else they are read. */
  async function record(executor: Db, list: Announcement[], known?: OrderParties): Promise<() => void> {
    if (!list.length) return () => undefined;
    const { businesses: parties, buyers } = known ?? (await readParties(executor, list));
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
