import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AddCartItemBody, CartResource, MergeCartBody, MergeCartResult, UpdateCartItemBody } from '../../../shared/api/cart';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { currentUser } from '../../plugins/authentication';
import { cartService } from './cart-service';
import { cartView } from './cart-view';

const tags = ['cart'];

/** `/v1/cart*`: the signed-in buyer's cart; every write answers the whole cart. */
const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = cartService(app.db);
  const view = async (request: FastifyRequest) =>
    cartView(app.db, await service.repository.lines(currentUser(request).id), request.lang, app.storage);

  app.get(
    '/cart',
    { preHandler: app.authenticate, schema: { tags, summary: 'My cart, grouped by business, with changes since adding', response: { 200: DataEnvelope(CartResource) } } },
    async (request) => ({ data: await view(request) }),
  );

  app.post(
    '/cart/items',
    { preHandler: app.authenticate, schema: { tags, summary: 'Add a product (to its line, if there is one)', body: AddCartItemBody, response: { 200: DataEnvelope(CartResource) } } },
    async (request) => {
      await service.add(currentUser(request).id, request.body.product_id, request.body.quantity ?? 1);
      return { data: await view(request) };
    },
  );

  app.put(
    '/cart/items/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Set a line’s quantity (0 removes it); accepts its current price', params: IdParams, body: UpdateCartItemBody, response: { 200: DataEnvelope(CartResource) } } },
    async (request) => {
      await service.update(currentUser(request).id, request.params.id, request.body.quantity);
      return { data: await view(request) };
    },
  );

  app.post(
    '/cart/merge',
    { preHandler: app.authenticate, schema: { tags, summary: 'Merge a guest’s local cart after sign-in (larger quantity wins)', body: MergeCartBody, response: { 200: MergeCartResult } } },
    async (request) => {
      const skipped = await service.merge(currentUser(request).id, request.body.items);
      return { data: await view(request), skipped };
    },
  );

  app.post(
    '/cart/accept-changes',
    { preHandler: app.authenticate, schema: { tags, summary: 'Accept the cart as it is now (drops lines that cannot be bought, trims to stock, takes today’s prices)', response: { 200: DataEnvelope(CartResource) } } },
    async (request) => {
      await service.repository.acceptChanges(currentUser(request).id);
      return { data: await view(request) };
    },
  );
};

export default cartRoutes;
