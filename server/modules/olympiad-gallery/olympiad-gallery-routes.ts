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
import { likesRepository, type LikeOutcome } from './likes-repository';

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

  /** After the commit: everyone on the work's page sees the new count. */
  const answer = (workId: number, liked: boolean, outcome: LikeOutcome) => {
    if (outcome.changed) app.publisher.publish(workLikesChannel(workId), 'WorkLikesChanged', { work_id: workId, likes_count: outcome.likes_count });
    return { data: { work_id: workId, liked, likes_count: outcome.likes_count } };
  };

  app.put(
    '/olympiad/works/:id/like',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Like a published work (idempotent: a second like changes nothing); not my own; participants whose account is old enough',
        params: IdParams,
        response: { 200: DataEnvelope(LikeState) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await mayLike(app.db, user, new Date());
      await limit.take(request);
      const outcome = await likes.like(request.params.id, user.id);
      if (!outcome) throw notFound();
      if (outcome.participant_id === user.id) throw likeRefusal.ownWork();
      return answer(request.params.id, true, outcome);
    },
  );

  app.delete(
    '/olympiad/works/:id/like',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Take my like back (idempotent)',
        params: IdParams,
        response: { 200: DataEnvelope(LikeState) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await mayLike(app.db, user, new Date());
      await limit.take(request);
      const outcome = await likes.unlike(request.params.id, user.id);
      if (!outcome) throw notFound();
      return answer(request.params.id, false, outcome);
    },
  );
};

export default olympiadGalleryRoutes;
