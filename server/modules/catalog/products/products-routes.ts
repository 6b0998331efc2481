import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, IdParams } from '../../../../shared/api/envelope';
import { flagOn } from '../../../../shared/api/catalog-common';
import {
  ProductBody,
  ProductListQuery,
  ProductPage,
  ProductResource,
  ProductUpdateBody,
  type ProductSort,
} from '../../../../shared/api/catalog-products';
import { notFound, unauthenticated } from '../../../lib/http-error';
import { currentUser } from '../../../plugins/authentication';
import { catalogContext, pageMeta } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { productResource } from './product-resource';
import { productsRepository, type ProductScope } from './products-repository';
import { productsService } from './products-service';

const tags = ['catalog: products'];

const productsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = productsRepository(app.db);
  const service = productsService(app.db, app.notifier);
  const cards = catalogCards(app.db);

  const listHandler =
    (scopeOf: (query: ProductListQuery) => ProductScope, defaultSort: ProductSort) =>
    async (request: { query: ProductListQuery } & Parameters<typeof catalogContext>[0]) => {
      const query = request.query;
      const { ids, total } = await repository.page(query, scopeOf(query), defaultSort);
      return { data: await cards.products(ids, catalogContext(request)), meta: pageMeta(query.page, query.per_page, total) };
    };

  const listSchema = (summary: string) => ({ tags, summary, querystring: ProductListQuery, response: { 200: ProductPage } });

  app.get('/get-products', { schema: listSchema('Published products and services, filtered and sorted') }, listHandler(() => ({}), 'newest'));

  app.get(
    '/products',
    { schema: listSchema('Products; `mine=1` lists the caller’s own in every state') },
    async (request) => {
      if (flagOn(request.query.mine) && !request.user) throw unauthenticated();
      return listHandler((query) => (flagOn(query.mine) ? { ownerId: request.user!.id } : {}), 'newest')(request);
    },
  );

  app.get('/products/discounted', { schema: listSchema('Discounted products, biggest discount first') }, listHandler(() => ({ discountedOnly: true }), 'discount'));
  app.get('/products/popular', { schema: listSchema('Popular products (orders, then favorites)') }, listHandler(() => ({}), 'popular'));

  app.get(
    '/products/:id',
    { schema: { tags, summary: 'One product or service (drafts: the owner only)', params: IdParams, response: { 200: DataEnvelope(ProductResource) } } },
    async (request) => {
      const found = await repository.find(request.params.id);
      const isPublic = found?.product.status === 'published' && found.product.moderationPublic;
      if (!found || (!isPublic && found.ownerId !== request.user?.id)) throw notFound();
      return { data: await productResource(app.db, found.product, found.ownerId, catalogContext(request)) };
    },
  );

  app.post(
    '/products',
    { preHandler: app.authenticate, schema: { tags, summary: 'Create a product or service in my business', body: ProductBody, response: { 201: DataEnvelope(ProductResource) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const product = await service.create(user.id, request.body);
      return reply.status(201).send({ data: await productResource(app.db, product, user.id, catalogContext(request)) });
    },
  );

  app.post(
    '/products/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Update my product (every field)', params: IdParams, body: ProductUpdateBody, response: { 200: DataEnvelope(ProductResource) } } },
    async (request) => {
      const user = currentUser(request);
      const product = await service.update(user.id, request.params.id, request.body);
      return { data: await productResource(app.db, product, user.id, catalogContext(request)) };
    },
  );

  app.delete(
    '/products/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Delete my product', params: IdParams } },
    async (request, reply) => {
      await service.remove(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
};

export default productsRoutes;
