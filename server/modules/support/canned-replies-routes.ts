import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { CannedReplyBody, CannedReplyPatch, CannedReplyResource } from '../../../shared/api/support';
import { STAFF_ROLES } from '../../../shared/roles';
import { cannedReplySchema } from '../../../shared/validation/chats';
import { msg } from '../../../shared/validation/message';
import { supportCannedReplies, type SupportCannedReply } from '../../db/schema';
import { notFound, validationFailed } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';

const toResource = (row: SupportCannedReply): CannedReplyResource => ({
  id: row.id,
  shortcut: row.shortcut,
  title: row.title,
  content: row.content,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** PostgreSQL's unique violation, as either driver reports it (drizzle may wrap it in `cause`). */
const isUniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some((e) => (e as { code?: string } | undefined)?.code === '23505');

const shortcutTaken = () => validationFailed({ shortcut: [msg('support.errors.shortcutTaken')] });

/** Ready answers for the console (`/shortcut` in the reply box). Any staff member may edit the shared list. */
const cannedRepliesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staff = app.requireRole(...STAFF_ROLES);
  const find = async (id: number) => (await app.db.select().from(supportCannedReplies).where(eq(supportCannedReplies.id, id)).limit(1))[0];

  app.get(
    '/support/canned-replies',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Canned replies, by shortcut', response: { 200: DataEnvelope(Type.Array(CannedReplyResource)) } } },
    async () => ({ data: (await app.db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.shortcut))).map(toResource) }),
  );

  app.post(
    '/support/canned-replies',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Add a canned reply', body: CannedReplyBody, response: { 201: DataEnvelope(CannedReplyResource) } } },
    async (request, reply) => {
      const input = await validateShared(cannedReplySchema, request.body);
      const [row] = await app.db
        .insert(supportCannedReplies)
        .values({ ...input, createdBy: currentUser(request).id })
        .onConflictDoNothing({ target: supportCannedReplies.shortcut })
        .returning();
      if (!row) throw shortcutTaken();
      return reply.status(201).send({ data: toResource(row) });
    },
  );

  app.patch(
    '/support/canned-replies/:id',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Change a canned reply', params: IdParams, body: CannedReplyPatch, response: { 200: DataEnvelope(CannedReplyResource) } } },
    async (request) => {
      const existing = await find(request.params.id);
      if (!existing) throw notFound();
      const input = await validateShared(cannedReplySchema, { ...existing, ...request.body });
      if (input.shortcut !== existing.shortcut) {
        const [clash] = await app.db.select({ id: supportCannedReplies.id }).from(supportCannedReplies).where(eq(supportCannedReplies.shortcut, input.shortcut));
        if (clash) throw shortcutTaken();
      }
      try {
        const [row] = await app.db.update(supportCannedReplies).set(input).where(eq(supportCannedReplies.id, existing.id)).returning();
        return { data: toResource(row) };
      } catch (error) {
        // Another agent took the shortcut between the check and the update.
        if (isUniqueViolation(error)) throw shortcutTaken();
        throw error;
      }
    },
  );

  app.delete(
    '/support/canned-replies/:id',
    { preHandler: staff, schema: { tags: ['support console'], summary: 'Delete a canned reply', params: IdParams } },
    async (request, reply) => {
      const [row] = await app.db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, request.params.id)).returning({ id: supportCannedReplies.id });
      if (!row) throw notFound();
      return reply.status(204).send();
    },
  );
};

export default cannedRepliesRoutes;
