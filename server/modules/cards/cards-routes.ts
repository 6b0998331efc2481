import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CardResource, NewCardBody } from '../../../shared/api/cards';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { CARDS_MAX } from '../../../shared/api/order-values';
import { msg } from '../../../shared/validation/message';
import { notFound, validationFailed } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { tokeniseCard } from './card-intake';
import { toCardResource } from './card-resource';
import { cardsRepository } from './cards-repository';

const tags = ['cards'];

/**
 * `/v1/cards`: saved cards. The number goes to the payment provider only; we
 * keep its token, brand, last four digits and expiry (the request body is
 * never logged: see the logger's redaction in app.ts).
 */
const cardsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = cardsRepository(app.db);

  app.get(
    '/cards',
    { preHandler: app.authenticate, schema: { tags, summary: 'My saved cards', response: { 200: DataEnvelope(Type.Array(CardResource)) } } },
    async (request) => ({ data: (await repository.list(currentUser(request).id)).map((c) => toCardResource(c)) }),
  );

  app.post(
    '/cards',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Save a card: checked (Luhn, expiry, CVC), tokenised by the payment provider, stored as token + brand + last 4',
        body: NewCardBody,
        response: { 201: DataEnvelope(CardResource) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { card, holder } = await tokeniseCard(app.payments.provider, request.body);
      if ((await repository.countFor(user.id)) >= CARDS_MAX) throw validationFailed({ _: [msg('cards.errors.limit', { max: CARDS_MAX })] });
      return reply.status(201).send({ data: toCardResource(await repository.create(user.id, app.payments.provider.name, card, holder)) });
    },
  );

  app.delete(
    '/cards/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Forget a saved card (orders paid with it keep brand and last 4)', params: IdParams } },
    async (request, reply) => {
      if (!(await repository.remove(currentUser(request).id, request.params.id))) throw notFound();
      return reply.status(204).send();
    },
  );
};

export default cardsRoutes;
