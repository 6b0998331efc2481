import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdBody, AdCategoryResource, AdListQuery, AdPage, AdResource, BannerList } from '../../../../shared/api/catalog-ads';
import { DataEnvelope, IdParams } from '../../../../shared/api/envelope';
import { notFound } from '../../../lib/http-error';
import { currentUser } from '../../../plugins/authentication';
import { catalogContext, localized, pageMeta } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { adResource } from './ad-resource';
import { adsRepository } from './ads-repository';
import { adsService } from './ads-service';
import { rotationTurns } from '../../banners/fair-rotation';
import { activeBanners } from './banners-repository';

const tags = ['catalog: ads'];

const adsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = adsRepository(app.db);
  const service = adsService(app.db);
  const cards = catalogCards(app.db);
  // Each serving of a banner list is the next turn of the fair rotation between sellers.
  const turns = rotationTurns();

  app.get(
    '/ad-categories',
    { schema: { tags, summary: 'Ad categories with counts of published ads', response: { 200: DataEnvelope(Type.Array(AdCategoryResource)) } } },
    async (request) => {
      const rows = await repository.categories();
      return {
        data: rows.map(({ category, adsCount }) => ({
          id: category.id,
          slug: category.slug,
          name: localized(request.lang, category.name, category.nameEn),
          icon: category.icon,
          ads_count: Number(adsCount),
        })),
      };
    },
  );

  app.get('/ads/home-banners', { schema: { tags, summary: 'Live banners of the home carousel (approved, within their dates), sellers taking turns at the first place', response: { 200: BannerList } } }, async (request) => ({
    data: await activeBanners(app.db, 'home', catalogContext(request), turns.next('home')),
  }));
  app.get('/ads/regular-banners', { schema: { tags, summary: 'Live banners between lists (approved, within their dates), sellers taking turns at the first place', response: { 200: BannerList } } }, async (request) => ({
    data: await activeBanners(app.db, 'regular', catalogContext(request), turns.next('regular')),
  }));

  app.get(
    '/ads',
    { schema: { tags, summary: 'Published ads, filtered and sorted', querystring: AdListQuery, response: { 200: AdPage } } },
    async (request) => {
      const { ids, total } = await repository.page(request.query, {});
      return { data: await cards.ads(ids, catalogContext(request)), meta: pageMeta(request.query.page, request.query.per_page, total) };
    },
  );

  app.get(
    '/ads/users/:id',
    { schema: { tags, summary: 'Ads of one user (their author also sees drafts and archived ones)', params: IdParams, querystring: AdListQuery, response: { 200: AdPage } } },
    async (request) => {
      const authorId = request.params.id;
      const { ids, total } = await repository.page(request.query, { authorId, includeUnpublished: request.user?.id === authorId });
      return { data: await cards.ads(ids, catalogContext(request)), meta: pageMeta(request.query.page, request.query.per_page, total) };
    },
  );

  app.get(
    '/ads/:id',
    { schema: { tags, summary: 'One ad (the offer page; drafts: the author only)', params: IdParams, response: { 200: DataEnvelope(AdResource) } } },
    async (request) => {
      const ad = await repository.find(request.params.id);
      if (!ad || ((ad.status !== 'published' || !ad.moderationPublic) && ad.userId !== request.user?.id)) throw notFound();
      return { data: await adResource(app.db, ad, catalogContext(request)) };
    },
  );

  app.post(
    '/ads',
    { preHandler: app.authenticate, schema: { tags, summary: 'Place an ad', body: AdBody, response: { 201: DataEnvelope(AdResource) } } },
    async (request, reply) => {
      const ad = await service.create(currentUser(request).id, request.body);
      return reply.status(201).send({ data: await adResource(app.db, ad, catalogContext(request)) });
    },
  );

  app.post(
    '/ads/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Update my ad (every field)', params: IdParams, body: AdBody, response: { 200: DataEnvelope(AdResource) } } },
    async (request) => {
      const ad = await service.update(currentUser(request).id, request.params.id, request.body);
      return { data: await adResource(app.db, ad, catalogContext(request)) };
    },
  );

  app.delete('/ads/:id', { preHandler: app.authenticate, schema: { tags, summary: 'Delete my ad', params: IdParams } }, async (request, reply) => {
    await service.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
};

export default adsRoutes;
