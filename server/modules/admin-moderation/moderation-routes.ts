import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ADMINS, MODERATORS } from '../../../shared/admin/sections';
import {
  ModerationBulkBody,
  ModerationBulkResult,
  ModerationItem,
  ModerationItemParams,
  ModerationKindParams,
  ModerationQueuePage,
  ModerationQueueQuery,
  ModerationRejectBody,
  ModerationSettingBody,
  ModerationSettingResource,
} from '../../../shared/api/admin-moderation';
import { DataEnvelope } from '../../../shared/api/envelope';
import { moderationRejectionSchema } from '../../../shared/validation/admin-moderation';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { pageMeta } from '../catalog/common/catalog-context';
import { moderationService } from './moderation-service';
import { moderationSettingsService } from './moderation-settings';

const tags = ['admin: moderation'];

/** Queues of businesses, ads and products, and the setting per kind (issue 17; calls in shared/api/admin-moderation.ts). */
const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = moderationService(app.db, app.storage, app.notifier);
  const settings = moderationSettingsService(app.db);
  const moderators = app.requireRole(...MODERATORS);
  const admins = app.requireRole(...ADMINS);

  app.get(
    '/admin/moderation/:kind',
    { preHandler: moderators, schema: { tags, summary: 'Waiting businesses, ads or products, oldest first, as a buyer sees them', params: ModerationKindParams, querystring: ModerationQueueQuery, response: { 200: ModerationQueuePage } } },
    async (request) => {
      const { page, per_page: perPage, filter = 'all', sort = 'oldest' } = request.query;
      const { rows, total } = await service.queue(request.params.kind, { page, perPage, filter, sort }, currentUser(request), request.lang, new Date());
      return { data: rows, meta: pageMeta(page, perPage, total) };
    },
  );

  app.post(
    '/admin/moderation/:kind/:id/claim',
    { preHandler: moderators, schema: { tags, summary: 'Claim an item to decide it (409 when another moderator holds it or it is decided)', params: ModerationItemParams, response: { 200: DataEnvelope(ModerationItem) } } },
    async (request) => ({ data: await service.claim(request.params.kind, request.params.id, currentUser(request), request.lang, new Date()) }),
  );

  app.post(
    '/admin/moderation/:kind/:id/approve',
    { preHandler: moderators, schema: { tags, summary: 'Approve a claimed item: public; the owner is told (409 without my claim)', params: ModerationItemParams, response: { 200: DataEnvelope(ModerationItem) } } },
    async (request) => ({ data: await service.approve(request.params.kind, request.params.id, currentUser(request), request.lang, new Date()) }),
  );

  app.post(
    '/admin/moderation/:kind/:id/reject',
    {
      preHandler: moderators,
      schema: { tags, summary: 'Reject a claimed item with a reason the owner reads (422 without one; 409 without my claim)', params: ModerationItemParams, body: ModerationRejectBody, response: { 200: DataEnvelope(ModerationItem) } },
    },
    async (request) => {
      const { reason } = await validateShared(moderationRejectionSchema, request.body);
      return { data: await service.reject(request.params.kind, request.params.id, reason, currentUser(request), request.lang, new Date()) };
    },
  );

  app.post(
    '/admin/moderation/:kind/approve',
    { preHandler: moderators, schema: { tags, summary: 'Approve the chosen items (each one I can claim); lists the approved and the refused', params: ModerationKindParams, body: ModerationBulkBody, response: { 200: DataEnvelope(ModerationBulkResult) } } },
    async (request) => ({ data: await service.approveMany(request.params.kind, request.body.ids, currentUser(request), new Date()) }),
  );

  app.get(
    '/admin/moderation-settings',
    { preHandler: admins, schema: { tags, summary: 'Whether each kind waits for approval before it is public', response: { 200: DataEnvelope(Type.Array(ModerationSettingResource)) } } },
    async () => ({ data: await settings.list() }),
  );

  app.put(
    '/admin/moderation-settings/:kind',
    { preHandler: admins, schema: { tags, summary: 'Change one kind’s setting (applies to the next submission; audited)', params: ModerationKindParams, body: ModerationSettingBody, response: { 200: DataEnvelope(ModerationSettingResource) } } },
    async (request) => ({ data: await settings.set(request.params.kind, request.body.approval_before_public, currentUser(request).id) }),
  );
};

export default moderationRoutes;
