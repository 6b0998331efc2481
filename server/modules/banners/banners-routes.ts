import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { BannerLinkList, BannerQueueQuery, BannerQueueResponse, BannerRejectBody, ModerationBanner, SellerBanner, SellerBannerList } from '../../../shared/api/seller-banners';
import { OLYMPIAD_EDITORS } from '../../../shared/roles';
import { bannerRejectionSchema } from '../../../shared/validation/seller-banners';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { bannerAnnouncer } from './banner-announcer';
import { BANNER_MULTIPART_LIMITS, readBannerForm } from './banner-form';
import { bannerModeration } from './banner-moderation';
import { bannersService } from './banners-service';

const sellerTags = ['seller: banners'];
const staffTags = ['moderation: banners'];

/** Decoding and re-encoding a picture is heavy: counted per client address. */
const UPLOAD_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Banners made by sellers (issue 16 item 3; contract in `shared/api/seller-banners.ts`): a paying
 * seller creates one, a moderator or admin decides it, and the catalogue's banner lists serve it
 * once approved.
 */
const bannersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Another module may already have made multipart available in this scope.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: BANNER_MULTIPART_LIMITS });
  const service = bannersService(app.db, app.storage);
  const moderation = bannerModeration(app.db, app.storage, bannerAnnouncer(app.notifier));
  // The same staff who moderate olympiad works moderate banners.
  const staff = app.requireRole(...OLYMPIAD_EDITORS);

  app.post(
    '/ads/create-banner',
    {
      preHandler: app.authenticate,
      config: UPLOAD_LIMIT,
      schema: {
        tags: sellerTags,
        summary:
          'Create a banner (multipart: image png/jpeg/webp by content ≤ 10 MB, title, title_en, subtitle, link to one of my pages, placement home|regular, starts_at, ends_at); it waits for a moderator. 403 without an active ad subscription',
        consumes: ['multipart/form-data'],
        response: { 201: DataEnvelope(SellerBanner) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const form = await readBannerForm(request);
      return reply.status(201).send({ data: await service.create(user.id, form, new Date()) });
    },
  );

  app.get(
    '/ads/my-banners',
    { preHandler: app.authenticate, schema: { tags: sellerTags, summary: 'My banners, newest first, with their state and the reason of a refusal; meta.can_create: I have an active ad subscription', response: { 200: SellerBannerList } } },
    async (request) => service.mine(currentUser(request).id, new Date()),
  );

  app.get(
    '/ads/banner-links',
    { preHandler: app.authenticate, schema: { tags: sellerTags, summary: 'The pages a banner of mine may lead to: my page, my businesses, their products, my ads', response: { 200: BannerLinkList } } },
    async (request) => ({ data: await service.links(currentUser(request).id, request.lang) }),
  );

  app.get(
    '/moderation/banners',
    { preHandler: staff, schema: { tags: staffTags, summary: 'Banners waiting for a decision, oldest first, with who is deciding each', querystring: BannerQueueQuery, response: { 200: BannerQueueResponse } } },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await moderation.queue(currentUser(request), page, perPage, new Date());
      return { data: rows, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },
  );

  app.post(
    '/moderation/banners/:id/claim',
    { preHandler: staff, schema: { tags: staffTags, summary: 'Take a banner to decide it (409 when another moderator holds it or it is decided); the claim lapses after 15 minutes', params: IdParams, response: { 200: DataEnvelope(ModerationBanner) } } },
    async (request) => ({ data: await moderation.claim(request.params.id, currentUser(request), new Date()) }),
  );

  app.post(
    '/moderation/banners/:id/approve',
    { preHandler: staff, schema: { tags: staffTags, summary: 'Approve a banner: it goes live within its dates; the seller is told (409 when decided or held by another)', params: IdParams, response: { 200: DataEnvelope(ModerationBanner) } } },
    async (request) => ({ data: await moderation.approve(request.params.id, currentUser(request), new Date()) }),
  );

  app.post(
    '/moderation/banners/:id/reject',
    {
      preHandler: staff,
      schema: { tags: staffTags, summary: 'Reject a banner with a reason the seller reads (409 when decided or held by another)', params: IdParams, body: BannerRejectBody, response: { 200: DataEnvelope(ModerationBanner) } },
    },
    async (request) => {
      const { reason } = await validateShared(bannerRejectionSchema, request.body);
      return { data: await moderation.reject(request.params.id, reason, currentUser(request), new Date()) };
    },
  );
};

export default bannersRoutes;
