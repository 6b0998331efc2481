import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MyRatingResponse, RatingQuery, RatingResponse } from '../../../shared/api/olympiad-rating';
import { HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { participantsRepository } from '../olympiad/participants-repository';
import { ratingRepository, toRatingRow } from './rating-repository';

const tags = ['olympiad rating'];

/** The published tie rule's catalogue id: the same words the rating page shows under its table. */
export const TIE_RULE = 'olympiadRating.tieRule';

/**
 * The olympiad rating (issue 15 §6). Computed on every read from the results
 * as they are, and never kept by a cache on the way (`no-store`): a finished
 * attempt, a grade or a score shows at the next read.
 */
const ratingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rating = ratingRepository(app.db);
  const participants = participantsRepository(app.db);

  app.get(
    '/olympiad/rating',
    {
      schema: {
        tags,
        summary: 'The rating: places by the published tie rule, filters by category and stage, paged; `me` is my own row when signed in',
        querystring: RatingQuery,
        response: { 200: RatingResponse },
      },
    },
    async (request, reply) => {
      const { category, stage, page, per_page: perPage } = request.query;
      const result = await rating.page({ category, stage }, page, perPage, request.user?.id ?? null);
      reply.header('cache-control', 'no-store');
      return {
        data: result.rows.map((row) => toRatingRow(row)),
        meta: { total: result.total, current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(result.total / perPage)) },
        me: result.me ? toRatingRow(result.me) : null,
        tie_rule: request.t(TIE_RULE),
      };
    },
  );

  app.get(
    '/olympiad/rating/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My place in the rating, overall and in my category; null before any result (participants only)',
        response: { 200: MyRatingResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!(await participants.byUserId(user.id))) throw new HttpError(403, 'olympiad.errors.notParticipant');
      const row = await rating.mine(user.id);
      reply.header('cache-control', 'no-store');
      return {
        data: row ? { ...toRatingRow(row), category_place: Number(row.category_place) } : null,
        tie_rule: request.t(TIE_RULE),
      };
    },
  );
};

export default ratingRoutes;
