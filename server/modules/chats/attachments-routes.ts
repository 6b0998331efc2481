import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AttachmentParams } from '../../../shared/api/chats';
import { STAFF_ROLES } from '../../../shared/roles';
import { notFound } from '../../lib/http-error';
import { UPLOADED_FILE_HEADERS } from '../../plugins/security-headers';
import { currentUser } from '../../plugins/authentication';
import { messagingFor } from './messaging';

/** `filename*` (RFC 6266/5987) for any name, with an ASCII-only `filename` for old clients. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Chat files, for whoever may read the chat: its members, and staff for
 * support conversations. Anyone else gets 404. Images open inline, PDFs
 * download; neither may be sniffed into something else or run scripts.
 */
const attachmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { store, messages } = messagingFor(app);

  app.get(
    '/chats/:id/attachments/:attachmentId',
    {
      preHandler: app.authenticate,
      // Sandboxed, never sniffed, never framed, never embedded by another site.
      helmet: UPLOADED_FILE_HEADERS,
      schema: {
        tags: ['chats'],
        summary: 'Download a chat attachment (members of the chat; staff for support conversations)',
        params: AttachmentParams,
        querystring: Type.Object({ download: Type.Optional(Type.Boolean()) }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await messages.findAttachment(user.id, request.params.id, request.params.attachmentId);
      const allowed = row && (row.member !== null || (row.kind === 'support' && STAFF_ROLES.includes(user.role)));
      if (!allowed) throw notFound();
      const file = await store.open(row.attachment.storageKey);
      if (!file) throw notFound();
      const inline = row.attachment.mime.startsWith('image/') && !request.query.download;
      return reply
        .header('content-type', row.attachment.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.attachment.name))
        // Stored files never change; only this browser may keep a copy.
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(file.stream);
    },
  );
};

export default attachmentsRoutes;
