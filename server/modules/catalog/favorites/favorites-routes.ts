import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../../shared/api/envelope';
import {
  FavoriteListQuery,
  FavoritePage,
  SubscribedBusinessPage,
  SubscribedBusinessQuery,
  ToggleFavoriteBody,
  ToggleFavoriteResult,
  ToggleSubscriptionBody,
  ToggleSubscriptionResult,
  type FavoriteItem,
} from '../../../../shared/api/catalog-favorites';
import type { FavoriteType } from '../../../../shared/api/catalog-values';
import { notFound } from '../../../lib/http-error';
import { iso } from '../../../lib/serialize';
import { currentUser } from '../../../plugins/authentication';
import { catalogContext, pageMeta } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { usersRepository } from '../users/users-repository';
import { favoritesRepository } from './favorites-repository';

const tags = ['catalog: favorites and subscriptions'];
const LATEST_PRODUCTS = 4;

/** The path segment of each toggle-favorite call and the type it keeps. */
const TOGGLES: Array<[string, FavoriteType]> = [
  ['products', 'product'],
  ['ads', 'ad'],
  ['businesses', 'business'],
  ['users', 'user'],
];

const favoritesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = favoritesRepository(app.db);
  // A toggle may come without a body (flip); validation then sees an empty object.
  const emptyBody = async (request: { body: unknown }) => {
    request.body ??= {};
  };
  const cards = catalogCards(app.db);
  const people = usersRepository(app.db);

  for (const [segment, type] of TOGGLES) {
    app.post(
      `/${segment}/:id/toggle-favorite`,
      {
        preValidation: emptyBody,
        preHandler: app.authenticate,
        schema: { tags, summary: `Add or remove a ${type} from my favorites (flip, or set with { favorite })`, params: IdParams, body: ToggleFavoriteBody, response: { 200: ToggleFavoriteResult } },
      },
      async (request) => {
        const user = currentUser(request);
        const id = request.params.id;
        if (!(await repository.targetVisible(type, id, user.id))) throw notFound();
        const result = await repository.set(user.id, type, id, request.body.favorite);
        return { data: { type, id, is_favorite: result.isFavorite, favorites_count: result.favoritesCount } };
      },
    );
  }

  app.get(
    '/favorites',
    { preHandler: app.authenticate, schema: { tags, summary: 'My favorites, newest first', querystring: FavoriteListQuery, response: { 200: FavoritePage } } },
    async (request) => {
      const user = currentUser(request);
      const { page, per_page: perPage, type } = request.query;
      const { rows, counts, total } = await repository.page(user.id, type, page, perPage);
      const ctx = catalogContext(request);
      const idsOf = (t: FavoriteType) => rows.filter((row) => row.targetType === t).map((row) => row.targetId);
      const userIds = idsOf('user');
      const [productMap, adMap, businessMap, persons] = await Promise.all([
        cards.productCards(idsOf('product'), ctx),
        cards.adCards(idsOf('ad'), ctx),
        cards.businessCards(idsOf('business'), ctx),
        people.parties(userIds),
      ]);
      const personMap = new Map(persons.map((person) => [person.id, person]));
      const data: FavoriteItem[] = rows.map((row) => ({
        type: row.targetType,
        id: row.targetId,
        created_at: iso(row.createdAt),
        product: (row.targetType === 'product' && productMap.get(row.targetId)) || null,
        ad: (row.targetType === 'ad' && adMap.get(row.targetId)) || null,
        business: (row.targetType === 'business' && businessMap.get(row.targetId)) || null,
        user: (row.targetType === 'user' && personMap.get(row.targetId)) || null,
      }));
      return { data, meta: { ...pageMeta(page, perPage, total), counts } };
    },
  );

  app.post(
    '/businesses/:id/toggle-subscription',
    {
      preValidation: emptyBody,
      preHandler: app.authenticate,
      schema: { tags, summary: 'Follow or unfollow a business (flip, or set with { subscribed })', params: IdParams, body: ToggleSubscriptionBody, response: { 200: ToggleSubscriptionResult } },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      if (!(await repository.targetVisible('business', id, user.id))) throw notFound();
      const result = await repository.subscribe(user.id, id, request.body.subscribed);
      return { data: { business_id: id, is_subscribed: result.isSubscribed, subscribers_count: result.subscribersCount } };
    },
  );

  app.get(
    '/me/subscribed-businesses',
    { preHandler: app.authenticate, schema: { tags, summary: 'Businesses I follow, with their newest products', querystring: SubscribedBusinessQuery, response: { 200: SubscribedBusinessPage } } },
    async (request) => {
      const user = currentUser(request);
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await repository.subscriptions(user.id, page, perPage);
      const ctx = catalogContext(request);
      const businessIds = rows.map((row) => row.businessId);
      const [businessMap, latest] = await Promise.all([cards.businessCards(businessIds, ctx), repository.latestProductIds(businessIds, LATEST_PRODUCTS)]);
      const productMap = await cards.productCards([...latest.values()].flat(), ctx);
      const data = rows.flatMap((row) => {
        const business = businessMap.get(row.businessId);
        if (!business) return [];
        return [
          {
            business,
            subscribed_at: iso(row.createdAt),
            latest_products: (latest.get(row.businessId) ?? []).flatMap((id) => (productMap.has(id) ? [productMap.get(id)!] : [])),
            new_products_count: Number(row.newProducts),
          },
        ];
      });
      return { data, meta: pageMeta(page, perPage, total) };
    },
  );
};

export default favoritesRoutes;
