import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope } from '../../../shared/api/envelope';
import { DASHBOARD_FIGURE_DAYS, SellerDashboard } from '../../../shared/api/seller-dashboard';
import { currentUser } from '../../plugins/authentication';
import { localized } from '../catalog/common/catalog-context';
import { sellerDashboardRepository } from './seller-dashboard-repository';

/**
 * `GET /v1/seller/dashboard`: the seller's home in one answer. Each block is one statement and
 * they run at once; unread messages come from the same sources as the header badge
 * (`unreadMessageSources`), so the two never disagree.
 */
const sellerDashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = sellerDashboardRepository(app.db);
  app.get(
    '/seller/dashboard',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['seller'],
        summary: "The seller's dashboard: today's and waiting orders, unread messages, running promotions, the last 7 days' figures, my businesses",
        response: { 200: DataEnvelope(SellerDashboard) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const lang = request.lang;
      const [orders, promotions, figures, ...unread] = await Promise.all([
        repository.orders(userId),
        repository.promotions(userId),
        repository.figures(userId),
        ...app.unreadMessageSources.map((source) => source(userId)),
      ]);
      const names = new Map(orders.businesses.map((b) => [b.id, localized(lang, b.name, b.name_en)]));
      return {
        data: {
          orders: {
            today: orders.businesses.reduce((sum, b) => sum + b.today, 0),
            to_accept: orders.businesses.reduce((sum, b) => sum + b.to_accept, 0),
            to_dispatch: orders.businesses.reduce((sum, b) => sum + b.to_dispatch, 0),
            latest: orders.latest.map((o) => ({
              id: o.id,
              business: { id: o.business_id, name: names.get(o.business_id) ?? '' },
              status: o.status,
              total: Number(o.total),
              currency: o.currency,
              created_at: new Date(o.created_at).toISOString(),
            })),
          },
          unread_messages: unread.reduce((sum, n) => sum + n, 0),
          promotions: {
            total: promotions[0]?.total ?? 0,
            items: promotions.map((p) => ({
              id: p.id,
              status: p.status,
              plan: localized(lang, p.plan, p.plan_en),
              target: { kind: p.target_kind, id: p.target_id, title: localized(lang, p.title, p.title_en) },
              ends_at: p.ends_at ? new Date(p.ends_at).toISOString() : null,
            })),
          },
          figures: { days: DASHBOARD_FIGURE_DAYS, ...figures },
          businesses: orders.businesses.map((b) => ({ id: b.id, name: names.get(b.id)!, kind: b.kind, today: b.today, waiting: b.to_accept + b.to_dispatch })),
          ads: orders.ads,
        },
      };
    },
  );
};

export default sellerDashboardRoutes;
