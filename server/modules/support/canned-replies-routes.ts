import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { CannedReplyBody, CannedReplyPatch, CannedReplyResource } from '../../../shared/api/support';
import { STAFF_ROLES } from '../../../shared/roles';
import { cannedReplySchema } from '../../../shared/validation/chats';
import { msg } from '../../../shared/validation/message';
import type { SupportCannedReply } from '../../db/schema';
import { notFound, validationFailed } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { cannedRepliesRepository } from './canned-replies-repository';

const toResource = (row: SupportCannedReply): CannedReplyResource => ({
  id: row.id,
  shortcut: row.shortcut,
  title: row.title,
  content: row.content,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

const shortcutTaken = () => validationFailed({ shortcut: [msg('support.errors.shortcutTaken')] });

/** Ready answers for the console (`/shortcut` in the reply box). Any staff member may edit the shared list. */
const cannedRepliesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staff = app.requireRole(...STAFF_ROLES);
  const replies = cannedRepliesRepository(app.db);

  app.get(
    '/support/canned-replies',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Canned replies, by shortcut', response: { 200: DataEnvelope(Type.Array(CannedReplyResource)) } } },
    async () => ({ data: (await replies.list()).map(toResource) }),
  );

  app.post(
    '/support/canned-replies',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Add a canned reply', body: CannedReplyBody, response: { 201: DataEnvelope(CannedReplyResource) } } },
    async (request, reply) => {
      const input = await validateShared(cannedReplySchema, request.body);
      const row = await replies.create(input, currentUser(request).id);
      if (!row) throw shortcutTaken();
      return reply.status(201).send({ data: toResource(row) });
    },
  );

  app.patch(
    '/support/canned-replies/:id',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Change a canned reply', params: IdParams, body: CannedReplyPatch, response: { 200: DataEnvelope(CannedReplyResource) } } },
    async (request) => {
      const existing = await replies.find(request.params.id);
      if (!existing) throw notFound();
      const input = await validateShared(cannedReplySchema, { ...existing, ...request.body });
      const row = await replies.update(existing.id, input);
      if (!row) throw shortcutTaken();
      return { data: toResource(row) };
    },
  );

  app.delete(
    '/support/canned-replies/:id',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Delete a canned reply', params: IdParams } },
    async (request, reply) => {
      if (!(await replies.remove(request.params.id))) throw notFound();
      return reply.status(204).send();
    },
  );
};

export default cannedRepliesRoutes;
