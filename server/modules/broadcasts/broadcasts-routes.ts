import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ADMINS } from '../../../shared/admin/sections';
import { BroadcastBody, BroadcastListQuery, BroadcastPage, BroadcastPreview, BroadcastResource } from '../../../shared/api/admin-broadcasts';
import { BROADCAST_OPEN_STATUSES, type BroadcastAudience } from '../../../shared/api/admin-broadcasts-values';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { audienceOf, broadcastSchema, type BroadcastInput } from '../../../shared/validation/admin-broadcasts';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import { broadcasts } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { recordAudit } from '../admin/audit-log';
import { pageMeta } from '../catalog/common/catalog-context';
import { countAudience, unknownUserIds } from './audience';
import { broadcastsRepository } from './broadcasts-repository';
import { broadcastWorker, type DrainOptions } from './broadcast-worker';

const tags = ['admin: broadcasts'];

/** The shared rule, then what only the database knows: named users exist, and somebody is reached. */
async function composed(db: Db, body: unknown): Promise<{ input: BroadcastInput; audience: BroadcastAudience; total: number; en: number }> {
  const input = await validateShared(broadcastSchema, body);
  const audience = audienceOf(input.audience);
  const unknown = await unknownUserIds(db, audience);
  if (unknown.length) {
    const field = audience.kind === 'user' ? 'audience.user_id' : 'audience.user_ids';
    throw validationFailed({ [field]: [msg('admin.broadcasts.errors.unknownUser', { ids: unknown.join(', ') })] });
  }
  const { total, en } = await countAudience(db, audience);
  return { input, audience, total, en };
}

/** `/v1/admin/broadcasts…` (shared/api/admin-broadcasts.ts): announcements to many, admins only. */
const broadcastsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admins = app.requireRole(...ADMINS);
  const repository = broadcastsRepository(app.db);
  const worker = broadcastWorker(app);
  workers.set(app.config, worker);
  app.addHook('onClose', () => worker.stop());

  app.post(
    '/admin/broadcasts/preview',
    { preHandler: admins, schema: { tags, summary: 'How many a broadcast reaches and how it reads in each language', body: BroadcastBody, response: { 200: DataEnvelope(BroadcastPreview) } } },
    async (request) => {
      const { input, total, en } = await composed(app.db, request.body);
      return {
        data: { recipients: total, by_locale: { ru: total - en, en }, ru: { title: input.title_ru, body: input.body_ru }, en: { title: input.title_en, body: input.body_en } },
      };
    },
  );

  app.post(
    '/admin/broadcasts',
    { preHandler: admins, schema: { tags, summary: 'Send a broadcast now or at a time', body: BroadcastBody, response: { 201: DataEnvelope(BroadcastResource) } } },
    async (request, reply) => {
      const actor = currentUser(request);
      const { input, audience, total } = await composed(app.db, request.body);
      if (!total) throw validationFailed({ audience: [msg('admin.broadcasts.errors.noRecipients')] });
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(broadcasts)
          .values({
            createdBy: actor.id,
            titleRu: input.title_ru,
            bodyRu: input.body_ru,
            titleEn: input.title_en,
            bodyEn: input.body_en,
            audience,
            status: 'scheduled',
            sendAt: input.send_at ? new Date(input.send_at) : new Date(),
            total,
          })
          .returning();
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'broadcast.create',
          targetType: 'broadcast',
          targetId: created.id,
          after: { title_ru: created.titleRu, title_en: created.titleEn, audience, send_at: created.sendAt.toISOString(), total },
        });
        return created;
      });
      if (!input.send_at) worker.kick();
      return reply.status(201).send({ data: (await repository.resources([row]))[0] });
    },
  );

  app.get(
    '/admin/broadcasts',
    { preHandler: admins, schema: { tags, summary: 'Broadcasts, newest first, with their progress', querystring: BroadcastListQuery, response: { 200: BroadcastPage } } },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { data, total } = await repository.page(page, perPage);
      return { data, meta: pageMeta(page, perPage, total) };
    },
  );

  app.get(
    '/admin/broadcasts/:id',
    { preHandler: admins, schema: { tags, summary: 'One broadcast with its progress', params: IdParams, response: { 200: DataEnvelope(BroadcastResource) } } },
    async (request) => {
      const found = await repository.one(request.params.id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.post(
    '/admin/broadcasts/:id/cancel',
    { preHandler: admins, schema: { tags, summary: 'Cancel a scheduled broadcast, or stop one being sent (no further batches)', params: IdParams, response: { 200: DataEnvelope(BroadcastResource) } } },
    async (request) => {
      const actor = currentUser(request);
      const row = await app.db.transaction(async (tx) => {
        // Waits for a batch in progress (it holds the row): after this commits, no batch starts.
        const [current] = await tx.select().from(broadcasts).where(eq(broadcasts.id, request.params.id)).for('update');
        if (!current) throw notFound();
        if (!BROADCAST_OPEN_STATUSES.includes(current.status)) throw conflict('admin.broadcasts.errors.notCancellable');
        const [cancelled] = await tx
          .update(broadcasts)
          .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: actor.id })
          .where(eq(broadcasts.id, current.id))
          .returning();
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'broadcast.cancel',
          targetType: 'broadcast',
          targetId: current.id,
          before: { status: current.status, delivered: current.delivered },
          after: { status: cancelled.status, delivered: cancelled.delivered },
        });
        return cancelled;
      });
      return { data: (await repository.resources([row]))[0] };
    },
  );
};

/** Each app's delivery worker, keyed by its config (the same object in every plugin of the app). */
const workers = new WeakMap<object, ReturnType<typeof broadcastWorker>>();

/**
 * Delivers due broadcasts batch by batch in this app, as its background worker does (tests move
 * the clock with `now`, make batches small, or stop after `maxBatches` as a crash would).
 */
export function deliverBroadcasts(app: FastifyInstance, options: DrainOptions = {}): Promise<number> {
  const worker = workers.get(app.config);
  if (!worker) throw new Error('broadcast routes are not registered');
  return worker.drain(options);
}

export default broadcastsRoutes;
