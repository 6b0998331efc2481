import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope } from '../../../shared/api/envelope';
import { ContentEditBody, ContentKeyParams, ContentResource } from '../../../shared/api/olympiad-content';
import { contentEditSchema, isContentKey } from '../../../shared/validation/olympiad-content';
import { notFound } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { contentRepository, toContentResource } from './content-repository';
import { isOlympiadEditor, OLYMPIAD_EDITORS } from './editors';

/** The olympiad's pages (home, FAQ, rules, about, stages), read by everyone and edited by staff. */
const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pages = contentRepository(app.db);

  app.get(
    '/olympiad/content/:key',
    {
      schema: {
        tags: ['olympiad'],
        summary: 'A page of the olympiad in the reader’s language (staff also get both languages)',
        params: ContentKeyParams,
        response: { 200: DataEnvelope(ContentResource) },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isContentKey(key)) throw notFound();
      const page = await pages.get(key);
      if (!page) throw notFound();
      return { data: toContentResource(page, request.lang, isOlympiadEditor(request.user)) };
    },
  );

  app.put(
    '/olympiad/content/:key',
    {
      preHandler: app.requireRole(...OLYMPIAD_EDITORS),
      schema: {
        tags: ['olympiad'],
        summary: 'Edit a page of the olympiad in both languages (admin, moderator)',
        params: ContentKeyParams,
        body: ContentEditBody,
        response: { 200: DataEnvelope(ContentResource) },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isContentKey(key)) throw notFound();
      const input = await validateShared(contentEditSchema, request.body);
      const page = await pages.save(key, input, currentUser(request).id);
      return { data: toContentResource(page, request.lang, true) };
    },
  );
};

export default contentRoutes;
