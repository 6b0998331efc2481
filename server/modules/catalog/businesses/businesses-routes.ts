import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BusinessBody,
  BusinessCategoryListQuery,
  BusinessCategoryResource,
  BusinessListQuery,
  BusinessPage,
  BusinessResource,
  DeliveryDiscountQuery,
  MyBusinessesQuery,
  type BusinessSort,
} from '../../../../shared/api/catalog-businesses';
import { DataEnvelope, IdParams } from '../../../../shared/api/envelope';
import { notFound } from '../../../lib/http-error';
import { currentUser } from '../../../plugins/authentication';
import { catalogContext, localized, pageMeta } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { businessResource } from './business-resource';
import { businessesRepository } from './businesses-repository';
import { businessesService } from './businesses-service';

const tags = ['catalog: businesses'];

const businessesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = businessesRepository(app.db);
  const service = businessesService(app.db);
  const cards = catalogCards(app.db);

  app.get(
    '/business-categories',
    { schema: { tags, summary: 'Business categories (optionally of one kind) with business counts', querystring: BusinessCategoryListQuery, response: { 200: DataEnvelope(Type.Array(BusinessCategoryResource)) } } },
    async (request) => {
      const rows = await repository.categories(request.query.kind);
      return {
        data: rows.map(({ category, businessesCount }) => ({
          id: category.id,
          slug: category.slug,
          kind: category.kind,
          name: localized(request.lang, category.name, category.nameEn),
          icon: category.icon,
          businesses_count: Number(businessesCount),
        })),
      };
    },
  );

  const list = (defaultSort: BusinessSort) => async (request: { query: BusinessListQuery } & Parameters<typeof catalogContext>[0]) => {
    const { ids, total } = await repository.page(request.query, defaultSort);
    return { data: await cards.businesses(ids, catalogContext(request)), meta: pageMeta(request.query.page, request.query.per_page, total) };
  };

  app.get('/get-business', { schema: { tags, summary: 'Businesses (stores, restaurants, services), filtered', querystring: BusinessListQuery, response: { 200: BusinessPage } } }, list('name'));
  app.get(
    '/businesses/ordered',
    { schema: { tags, summary: 'Businesses ordered by `sort` (default: popular first)', querystring: BusinessListQuery, response: { 200: BusinessPage } } },
    list('popular'),
  );

  app.get(
    '/businesses/delivery-discounts',
    { schema: { tags, summary: 'Businesses with a delivery discount, biggest first', querystring: DeliveryDiscountQuery, response: { 200: BusinessPage } } },
    async (request) => {
      const { page, per_page: perPage, kind } = request.query;
      const { ids, total } = await repository.deliveryDiscounts(page, perPage, kind);
      return { data: await cards.businesses(ids, catalogContext(request)), meta: pageMeta(page, perPage, total) };
    },
  );

  app.get(
    '/business',
    { preHandler: app.authenticate, schema: { tags, summary: 'My businesses', querystring: MyBusinessesQuery, response: { 200: BusinessPage } } },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { ids, total } = await repository.ownedBy(currentUser(request).id, page, perPage);
      return { data: await cards.businesses(ids, catalogContext(request)), meta: pageMeta(page, perPage, total) };
    },
  );

  app.get(
    '/business/:id',
    { schema: { tags, summary: 'One business (the store page)', params: IdParams, response: { 200: DataEnvelope(BusinessResource) } } },
    async (request) => {
      const business = await repository.find(request.params.id);
      // Hidden by moderation: its owner still sees it (with its state), nobody else learns it exists.
      if (!business || (!business.moderationPublic && business.ownerId !== request.user?.id)) throw notFound();
      return { data: await businessResource(app.db, business, catalogContext(request)) };
    },
  );

  app.post(
    '/business',
    { preHandler: app.authenticate, schema: { tags, summary: 'Create a business', body: BusinessBody, response: { 201: DataEnvelope(BusinessResource) } } },
    async (request, reply) => {
      const business = await service.create(currentUser(request).id, request.body);
      return reply.status(201).send({ data: await businessResource(app.db, business, catalogContext(request)) });
    },
  );

  app.post(
    '/business/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Update my business (every field)', params: IdParams, body: BusinessBody, response: { 200: DataEnvelope(BusinessResource) } } },
    async (request) => {
      const business = await service.update(currentUser(request).id, request.params.id, request.body);
      return { data: await businessResource(app.db, business, catalogContext(request)) };
    },
  );

  app.delete(
    '/business/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Delete my business with its products', params: IdParams } },
    async (request, reply) => {
      await service.remove(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
};

export default businessesRoutes;
