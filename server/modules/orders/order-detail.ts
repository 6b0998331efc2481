import type { FastifyInstance } from 'fastify';
import type { OrderResource } from '../../../shared/api/orders';
import type { Language } from '../../../shared/i18n/languages';
import { imagesRepository } from '../catalog/common/images-repository';
import { toOrderResource, toOrderSummary, type SummaryLine } from './order-resource';
import { ordersRepository, type OrderRow } from './orders-repository';

/** Orders as the API answers them: summaries for lists, the full resource (items, payment, timeline…) for one. */
export function orderViews(app: FastifyInstance) {
  const repository = ordersRepository(app.db);
  const images = imagesRepository(app.db);

  return {
    repository,
    async summaries(rows: OrderRow[], lang: Language) {
      const items = await repository.items(rows.map((r) => r.order.id));
      return rows.map((row) => toOrderSummary(row, items, lang));
    },
    /** The summaries of a fresh checkout's orders, from what it wrote. */
    summariesFrom({ rows, items }: { rows: OrderRow[]; items: SummaryLine[] }, lang: Language) {
      return rows.map((row) => toOrderSummary(row, items, lang));
    },
    /** The summaries of orders known by id (a checkout's answer): the rows and their lines read at once. */
    async summariesOf(ids: number[], lang: Language) {
      const [rows, items] = await Promise.all([repository.byIds(ids), repository.items(ids)]);
      return rows.map((row) => toOrderSummary(row, items, lang));
    },
    async detail(row: OrderRow & { viewer: 'buyer' | 'seller' }, lang: Language): Promise<OrderResource> {
      const id = row.order.id;
      const [items, payment, delivery, history, rating] = await Promise.all([
        repository.items([id]),
        app.payments.repository.latestFor(id),
        repository.delivery(id),
        repository.history(id),
        repository.rating(id),
      ]);
      const imageMap = await images.resources(items.map((i) => i.imageId), app.storage);
      return toOrderResource(row, { items, images: imageMap, payment, delivery, history, rating }, lang);
    },
  };
}

export type OrderViews = ReturnType<typeof orderViews>;
