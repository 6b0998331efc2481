import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ImageResource } from '../../../../shared/api/catalog-common';
import { DataEnvelope } from '../../../../shared/api/envelope';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '../../../../shared/validation/catalog-image';
import { msg } from '../../../../shared/validation/message';
import { HttpError, validationFailed } from '../../../lib/http-error';
import { multipartFailure } from '../../../lib/multipart-failure';
import { currentUser } from '../../../plugins/authentication';
import { newImageId, processImage, storeImageVariants } from '../../../storage/image-processing';
import { refusalMessage, shownFileName, UploadRefused } from '../../../storage/upload-refusal';
import { imagesRepository, toImageResource } from '../common/images-repository';

/** Room for the multipart envelope around the file itself. */
const ENVELOPE_SLACK = 64 * 1024;
const FIELD = 'image';

const tooLarge = () => new HttpError(413, 'catalog.errors.imageTooLarge', { max: IMAGE_MAX_MB });

/**
 * `POST /v1/uploads/images` (multipart, one file in the field `image`): the
 * bytes must be a PNG, JPEG or WebP picture whatever the name or declared
 * type says; it is stored as WebP at every width the screens use, without
 * metadata (EXIF, GPS, XMP, ICC, comments). Product, business, ad and banner bodies then name it by `id`.
 */
const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Another module may already have made multipart available in this scope.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  const images = imagesRepository(app.db);

  app.post(
    '/uploads/images',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['catalog: uploads'],
        summary: 'Upload an image (png, jpeg or webp, at most 10 MB) in the multipart field `image`',
        consumes: ['multipart/form-data'],
        response: { 201: DataEnvelope(ImageResource) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // A body announced as too large is refused before a byte of it is read.
      if (Number(request.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES + ENVELOPE_SLACK) throw tooLarge();
      if (!request.isMultipart()) throw validationFailed({ [FIELD]: [msg('validation.fileRequired')] });
      let part;
      let body: Buffer;
      try {
        part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
        if (!part || part.fieldname !== FIELD) throw validationFailed({ [FIELD]: [msg('validation.fileRequired')] });
        body = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw multipartFailure(error);
      }
      if (part.file.truncated) throw tooLarge();
      let processed;
      try {
        processed = await processImage(body);
      } catch (error) {
        if (error instanceof UploadRefused) throw validationFailed({ [FIELD]: [refusalMessage(error, shownFileName(part.filename), msg('validation.fileFormat'))] });
        throw error;
      }
      const id = newImageId();
      await storeImageVariants(app.storage, id, processed);
      const row = await images.create({
        id,
        ownerId: user.id,
        width: processed.width,
        height: processed.height,
        variants: processed.variants.map(({ width, height }) => ({ width, height })),
        bytes: processed.variants.reduce((sum, variant) => sum + variant.body.length, 0),
      });
      return reply.status(201).send({ data: toImageResource(row, app.storage) });
    },
  );
};

export default uploadsRoutes;
