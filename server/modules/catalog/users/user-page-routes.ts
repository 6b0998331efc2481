import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PublicUserPage } from '../../../../shared/api/catalog-ads';
import { DataEnvelope, IdParams } from '../../../../shared/api/envelope';
import { notFound } from '../../../lib/http-error';
import { iso } from '../../../lib/serialize';
import { adsRepository } from '../ads/ads-repository';
import { businessesRepository } from '../businesses/businesses-repository';
import { catalogContext } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { favoriteIdsOf } from '../common/viewer-marks';
import { usersRepository } from './users-repository';

const FIRST_ADS = 12;

/** `GET /v1/users/{id}`: what anyone may see of a user (`/user/:id`): profile, published ads, businesses. */
const userPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cards = catalogCards(app.db);
  const adsRepo = adsRepository(app.db);
  const businessesRepo = businessesRepository(app.db);
  const usersRepo = usersRepository(app.db);

  app.get(
    '/users/:id',
    { schema: { tags: ['catalog: users'], summary: 'Public page of a user', params: IdParams, response: { 200: DataEnvelope(PublicUserPage) } } },
    async (request) => {
      const user = await usersRepo.find(request.params.id);
      if (!user) throw notFound();
      const ctx = catalogContext(request);
      const [adPage, businessIds, favorite] = await Promise.all([
        adsRepo.page({ page: 1, per_page: FIRST_ADS }, { authorId: user.id }),
        businessesRepo.idsOwnedBy(user.id, request.user?.id !== user.id),
        favoriteIdsOf(app.db, ctx.viewerId, 'user', [user.id]),
      ]);
      return {
        data: {
          id: user.id,
          name: user.name,
          image: user.image,
          about: user.about,
          created_at: iso(user.createdAt),
          is_favorite: favorite.has(user.id),
          ads: await cards.ads(adPage.ids, ctx),
          ads_count: adPage.total,
          businesses: await cards.businesses(businessIds, ctx),
        },
      };
    },
  );
};

export default userPageRoutes;
