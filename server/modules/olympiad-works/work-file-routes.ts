import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../shared/api/envelope';
import { IMAGE_WIDTHS } from '../../../shared/api/catalog-values';
import { OLYMPIAD_EDITORS } from '../../../shared/roles';
import { notFound } from '../../lib/http-error';
import { UPLOADED_FILE_HEADERS } from '../../plugins/security-headers';
import { imageVariantKey } from '../../storage/image-processing';
import { contentDisposition } from '../chats/attachments-routes';
import { worksRepository } from './works-repository';

/**
 * `GET /v1/olympiad/works/{id}/file`: a published work for anyone; one not yet published for its
 * author and staff only (anyone else gets 404, as if it did not exist). A PDF downloads as an
 * attachment; a picture is its largest stored rendition, shown inline. Neither may be sniffed
 * into something else, framed, or run scripts.
 */
const workFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const works = worksRepository(app.db);

  app.get(
    '/olympiad/works/:id/file',
    { helmet: UPLOADED_FILE_HEADERS, schema: { tags: ['olympiad works: gallery'], summary: 'The work’s file: the PDF (attachment) or the picture', params: IdParams } },
    async (request, reply) => {
      const row = await works.byId(request.params.id);
      const user = request.user;
      const allowed = row && (row.work.status === 'approved' || (user && (user.id === row.work.participantId || OLYMPIAD_EDITORS.includes(user.role))));
      if (!row || !allowed) throw notFound();
      const { work } = row;
      const isPdf = work.fileKind === 'pdf' && work.pdfKey;
      const key = isPdf ? work.pdfKey! : work.imageId ? imageVariantKey(work.imageId, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]) : null;
      const file = key ? await app.storage.get(key) : null;
      if (!file) throw notFound();
      const name = `work-${work.id}.${isPdf ? 'pdf' : 'webp'}`;
      return reply
        .header('content-type', isPdf ? 'application/pdf' : 'image/webp')
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(isPdf ? 'attachment' : 'inline', name))
        .header('x-content-type-options', 'nosniff')
        // A work not yet published is private to its author and staff; a published one may still be taken back, so caches keep it briefly.
        .header('cache-control', work.status === 'approved' ? 'public, max-age=300' : 'private, no-store')
        .send(file.stream);
    },
  );
};

export default workFileRoutes;
