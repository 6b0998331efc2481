import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AddressBody, AddressResource } from '../../../shared/api/addresses';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { ADDRESSES_MAX } from '../../../shared/api/order-values';
import { addressSchema } from '../../../shared/validation/addresses';
import { msg } from '../../../shared/validation/message';
import { notFound, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { addressesRepository } from './addresses-repository';
import { toAddressResource } from './address-resource';

const tags = ['addresses'];

/** `/v1/addresses`: the signed-in user's delivery addresses; another user's id is a 404. */
const addressesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = addressesRepository(app.db);

  app.get(
    '/addresses',
    { preHandler: app.authenticate, schema: { tags, summary: 'My addresses, the default first', response: { 200: DataEnvelope(Type.Array(AddressResource)) } } },
    async (request) => ({ data: (await repository.list(currentUser(request).id)).map(toAddressResource) }),
  );

  app.post(
    '/addresses',
    { preHandler: app.authenticate, schema: { tags, summary: 'Save an address (the first becomes the default)', body: AddressBody, response: { 201: DataEnvelope(AddressResource) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await validateShared(addressSchema, request.body);
      const created = await repository.create(user.id, input, ADDRESSES_MAX);
      if (!created) throw validationFailed({ _: [msg('addresses.errors.limit', { max: ADDRESSES_MAX })] });
      return reply.status(201).send({ data: toAddressResource(created) });
    },
  );

  app.put(
    '/addresses/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Change an address (orders keep the copy they were placed with)', params: IdParams, body: AddressBody, response: { 200: DataEnvelope(AddressResource) } } },
    async (request) => {
      const user = currentUser(request);
      if (!(await repository.find(user.id, request.params.id))) throw notFound();
      const input = await validateShared(addressSchema, request.body);
      const row = await repository.update(user.id, request.params.id, input);
      if (!row) throw notFound();
      return { data: toAddressResource(row) };
    },
  );

  app.delete(
    '/addresses/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Delete an address (orders keep their copy)', params: IdParams } },
    async (request, reply) => {
      if (!(await repository.remove(currentUser(request).id, request.params.id))) throw notFound();
      return reply.status(204).send();
    },
  );
};

export default addressesRoutes;
