import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { MyWork, MyWorksResponse } from '../../../shared/api/olympiad-works';
import { currentUser } from '../../plugins/authentication';
import { readWorkForm } from './work-form';
import type { WorksService } from './works-service';

const tags = ['olympiad works: my works'];

/** Uploads are heavy (decoding, re-encoding, drawing a PDF page); counted per client address, where a school class may share one. */
const UPLOAD_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** A participant's own works: the list, a new work, an edit that sends it to moderation again, taking one back. */
const myWorksRoutes: FastifyPluginAsyncTypebox<{ works: WorksService }> = async (app, { works }) => {
  app.get(
    '/olympiad/works/mine',
    { preHandler: app.authenticate, schema: { tags, summary: 'My works with their state (on moderation, published, or not published with the reason)', response: { 200: MyWorksResponse } } },
    async (request) => ({ data: await works.mine(currentUser(request), request.lang) }),
  );

  app.post(
    '/olympiad/works',
    {
      preHandler: app.authenticate,
      config: UPLOAD_LIMIT,
      schema: {
        tags,
        summary:
          'Enter a work (multipart: contest_id, title, description, upload_key, file: png or jpeg up to 10 MB, pdf up to 5 MB, told by content). 201, or 200 with the first work when upload_key repeats',
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(MyWork), 201: DataEnvelope(MyWork) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const form = await readWorkForm(request, { contest: true, file: true });
      const { work, created } = await works.submit(user, form, request.lang, new Date());
      return reply.status(created ? 201 : 200).send({ data: work });
    },
  );

  app.post(
    '/olympiad/works/:id',
    {
      preHandler: app.authenticate,
      config: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: 'Edit my work not yet published (multipart: title, description, file optional) and send it to moderation again',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: DataEnvelope(MyWork) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const form = await readWorkForm(request, { contest: false, file: false });
      return { data: await works.edit(user, request.params.id, form, request.lang, new Date()) };
    },
  );

  app.delete(
    '/olympiad/works/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Take back my work (in any state)', params: IdParams } },
    async (request, reply) => {
      await works.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default myWorksRoutes;
