import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DataEnvelope } from '../../../shared/api/envelope';
import { StatisticsQuery, StatisticsReport, ViewsAccepted, ViewsBody } from '../../../shared/api/seller-statistics';
import { msg } from '../../../shared/validation/message';
import { statisticsRange, utcDay } from '../../../shared/validation/statistics-range';
import { tooManyRequests, validationFailed } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { csvFileName, statisticsCsv } from './statistics-csv';
import { assertOwnScope, statisticsReport, type StatisticsScope } from './statistics-report';
import { viewBatcher, type ViewBatcher } from './view-batcher';
import { isBot, viewerKey } from './viewer-key';

const tags = ['statistics'];

/** Each app's view batcher, keyed by its config (the same object in every plugin of the app). */
const batchers = new WeakMap<object, ViewBatcher>();

/** Counts an app's queued views and every pending order now (tests and the bench, instead of waiting for the loop's next tick). */
export function flushStatistics(app: FastifyInstance): Promise<number> {
  const batcher = batchers.get(app.config);
  if (!batcher) throw new Error('statistics routes are not registered');
  return batcher.flush();
}

/** `/v1/statistics*`: a seller's figures, and the impressions the SPA sends (shared/api/seller-statistics.ts). */
const statisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const batcher = viewBatcher(app.db, app.log);
  batchers.set(app.config, batcher);
  app.addHook('onReady', async () => batcher.start());
  app.addHook('onClose', async () => batcher.stop());

  app.get(
    '/statistics',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My figures by day: one business, one item, or everything I sell; JSON or a CSV download',
        description:
          '`period` (7, 30, 90 days up to today, UTC days) or `from` and `to` (YYYY-MM-DD, at most a year, not reversed). ' +
          '`business_id` or `item_kind` with `item_id`, or neither for all my items. `format=csv` answers text/csv as an attachment.',
        querystring: StatisticsQuery,
        // The CSV is written here (statistics-csv.ts), so its schema is a plain string.
        response: { 200: { content: { 'application/json': { schema: DataEnvelope(StatisticsReport) }, 'text/csv': { schema: Type.String() } } } },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const q = request.query;
      const range = statisticsRange(q, utcDay(new Date()));
      if (!range.ok) throw validationFailed(range.errors);
      if ((q.item_kind === undefined) !== (q.item_id === undefined)) {
        throw validationFailed({ [q.item_kind === undefined ? 'item_kind' : 'item_id']: [msg('validation.required')] });
      }
      if (q.item_kind !== undefined && q.business_id !== undefined) throw validationFailed({ business_id: [msg('statistics.errors.businessOrItem')] });
      const scope: StatisticsScope =
        q.item_kind !== undefined ? { item: { kind: q.item_kind, id: q.item_id! } } : q.business_id !== undefined ? { businessId: q.business_id } : { ownerId: user.id };
      await assertOwnScope(app.db, user.id, scope);
      const report = await statisticsReport(app.db, scope, range.from, range.to, request.lang);
      if (q.format !== 'csv') return { data: report };
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(report)}"`)
        .header('cache-control', 'private, no-store')
        .send(statisticsCsv(report, (key) => request.t(key)));
    },
  );

  app.post(
    '/statistics/views',
    {
      schema: {
        tags,
        summary: 'Record impressions (the SPA batches them): counted within about a second, off the request path',
        description:
          'Anyone may send; with a bearer token the views are the signed-in person\'s (the owner\'s own are not counted). ' +
          'Crawlers (by user agent) are accepted and ignored. 429 when the queue is full: send the batch again later.',
        body: ViewsBody,
        response: { 202: ViewsAccepted },
      },
    },
    async (request, reply) => {
      const agent = request.headers['user-agent'];
      if (isBot(agent)) return reply.status(202).send({ data: { accepted: 0 } });
      const viewer = viewerKey(request.user?.id ?? null, request.ip, agent ?? '', request.body.client_id);
      const day = utcDay(new Date());
      const views = request.body.views.map((v) => ({ day, kind: v.kind, id: v.id, view: v.view, viewer }));
      if (!batcher.add(views)) throw tooManyRequests(2);
      return reply.status(202).send({ data: { accepted: views.length } });
    },
  );
};

export default statisticsRoutes;
