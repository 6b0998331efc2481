import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { GalleryQuery, GalleryResponse, GalleryWork, LikeState } from '../../../shared/api/olympiad-works';
import { workLikesChannel } from '../../../shared/api/realtime-events';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { decodeCursor, encodeCursor } from './gallery-cursor';
import { galleryRepository } from './gallery-repository';
import { toGalleryWork } from './gallery-resource';
import { DEFAULT_SORT } from './gallery-sorts';
import { likeLimit } from './like-limit';
import { likeRefusal, mayLike } from './like-rules';
import { likesRepository } from './likes-repository';

const tags = ['olympiad gallery'];

/**
 * The gallery of published creative works and their likes (issue 15, SPEC §3): keyset pages in six
 * orders with contest and category filters, one work's page, and like / take back. Uploads,
 * moderation and contests are the works module's; this one only reads works and writes likes.
 */
const olympiadGalleryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const gallery = galleryRepository(app.db);
  const likes = likesRepository(app.db);
  const limit = likeLimit(app);

  app.get(
    '/olympiad/gallery',
    {
      schema: {
        tags,
        summary: 'Published works, one keyset page in one of six orders, by contest and category; `liked` for a signed-in participant',
        querystring: GalleryQuery,
        response: { 200: GalleryResponse },
      },
    },
    async (request) => {
      const { sort = DEFAULT_SORT, contest_id: contestId, category, cursor, per_page: perPage } = request.query;
      const position = cursor ? decodeCursor(sort, cursor) : null;
      const viewerId = request.user?.id ?? 0;
      const filter = { contestId, category };
      // One row more than the page says whether another page follows.
      const [rows, total] = await Promise.all([gallery.page(viewerId, sort, filter, perPage + 1, position), gallery.total(filter)]);
      const page = rows.slice(0, perPage);
      const last = page.at(-1);
      return {
        data: page.map((row) => toGalleryWork(row, viewerId, request.lang, app.storage)),
        meta: { next_cursor: rows.length > perPage && last ? encodeCursor(sort, { key: last.sort_key, id: last.id }) : null, total },
      };
    },
  );

  app.get(
    '/olympiad/gallery/:id',
    {
      schema: { tags, summary: 'One published work (or one of my own in any state)', params: IdParams, response: { 200: DataEnvelope(GalleryWork) } },
    },
    async (request) => {
      const viewerId = request.user?.id ?? 0;
      const row = await gallery.one(viewerId, request.params.id);
      if (!row) throw notFound();
      return { data: toGalleryWork(row, viewerId, request.lang, app.storage) };
    },
  );

  const SUMMARIES = {
    PUT: 'Like a published work (idempotent: a second like changes nothing); not my own; participants whose account is old enough',
    DELETE: 'Take my like back (idempotent)',
  };
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/olympiad/works/:id/like',
      preHandler: app.authenticate,
      schema: { tags, summary: SUMMARIES[method], params: IdParams, response: { 200: DataEnvelope(LikeState) } },
      handler: async (request) => {
        const user = currentUser(request);
        const workId = request.params.id;
        const liked = method === 'PUT';
        await mayLike(app.db, user, new Date(), app.config.likeMinAccountAgeMinutes);
        await limit.take(request);
        const outcome = liked ? await likes.like(workId, user.id) : await likes.unlike(workId, user.id);
        if (!outcome) throw notFound();
        if (liked && outcome.participant_id === user.id) throw likeRefusal.ownWork();
        // After the commit: everyone on the work's page sees the new count.
        if (outcome.changed) app.publisher.publish(workLikesChannel(workId), 'WorkLikesChanged', { work_id: workId, likes_count: outcome.likes_count });
        return { data: { work_id: workId, liked, likes_count: outcome.likes_count } };
      },
    });
  }
};

export default olympiadGalleryRoutes;
