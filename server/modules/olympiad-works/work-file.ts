import { randomBytes } from 'node:crypto';
import { sniffFileType } from '../../../shared/validation/file-content';
import type { ValidationMessage } from '../../../shared/validation/message';
import { WORK_FILE_FORMAT, workFileKind, workFileRefusal } from '../../../shared/validation/olympiad-works';
import type { WorkFileKind } from '../../../shared/validation/olympiad-works-rules';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../storage/file-storage';
import { sanitizePdf } from '../../storage/pdf-sanitizer';
import { refusalMessage, UploadRefused } from '../../storage/upload-refusal';
import { storeUploadedImage } from '../catalog/common/stored-image';
import { renderPdfPreview } from './pdf-preview';

/** A work's file once checked and stored: what the work's row records. */
export interface StoredWorkFile {
  fileKind: WorkFileKind;
  imageId: string;
  pdfKey: string | null;
  fileBytes: number;
}

/** Thrown with the translated message for the `file` field when the content is refused. */
export class WorkFileRefused extends Error {
  constructor(readonly refusal: ValidationMessage) {
    super(refusal.key);
    this.name = 'WorkFileRefused';
  }
}

export const workPdfKey = (folder: string) => `works/${folder}/work.pdf`;
const pdfFolderOf = (key: string) => key.replace(/\/work\.pdf$/, '');

/**
 * Checks a work's file by its content and stores it: a png or jpeg is decoded (refused when it
 * claims more pixels than we decode: a decompression bomb), re-encoded without EXIF, GPS or any
 * other metadata into the `images` variants; a pdf is opened, stripped of who made it, stored
 * under `works/<random>/`, and its first page drawn as the work's picture. Nothing is stored
 * when anything is refused.
 */
export function workFiles(db: Db, storage: FileStorage) {
  const storeImage = (ownerId: number, picture: Buffer) => storeUploadedImage(db, storage, ownerId, picture);

  return {
    async store(ownerId: number, body: Buffer, shownName: string): Promise<StoredWorkFile> {
      const type = sniffFileType(body);
      const refusal = workFileRefusal(type, body.length);
      if (refusal) throw new WorkFileRefused(refusal);
      const kind = workFileKind(type)!;
      try {
        if (kind === 'image') {
          const imageId = await storeImage(ownerId, body);
          return { fileKind: 'image', imageId, pdfKey: null, fileBytes: body.length };
        }
        const clean = await sanitizePdf(body);
        const preview = await renderPdfPreview(clean);
        const pdfKey = workPdfKey(randomBytes(12).toString('hex'));
        const imageId = await storeImage(ownerId, preview);
        try {
          await storage.put(pdfKey, clean, 'application/pdf');
        } catch (error) {
          await this.remove({ imageId, pdfKey: null });
          throw error;
        }
        return { fileKind: 'pdf', imageId, pdfKey, fileBytes: clean.length };
      } catch (error) {
        if (error instanceof UploadRefused) throw new WorkFileRefused(refusalMessage(error, shownName, WORK_FILE_FORMAT));
        throw error;
      }
    },

    /** Removes a stored file (after the row that named it is gone or points elsewhere). */
    async remove(file: { imageId: string | null; pdfKey: string | null }): Promise<void> {
      if (file.imageId) {
        await db.delete(images).where(eq(images.id, file.imageId));
        await storage.removePrefix(`images/${file.imageId}`);
      }
      if (file.pdfKey) await storage.removePrefix(pdfFolderOf(file.pdfKey));
    },
  };
}

export type WorkFiles = ReturnType<typeof workFiles>;
