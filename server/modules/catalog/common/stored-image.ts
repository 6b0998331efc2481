import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { images } from '../../../db/schema';
import type { FileStorage } from '../../../storage/file-storage';
import { newImageId, processImage, storeImageVariants } from '../../../storage/image-processing';

/**
 * A picture sent by a user, checked by its content and stored as the screens use it: decoded
 * (refused when it claims more pixels than we decode), re-encoded as WebP renditions without
 * EXIF, GPS or any other metadata (`processImage`), and recorded in `images` as `ownerId`'s.
 * Throws `UploadRefused` for content that is not a picture; nothing is left behind on failure.
 * Works and banners store their pictures here.
 */
export async function storeUploadedImage(db: Db, storage: FileStorage, ownerId: number, picture: Buffer): Promise<string> {
  const processed = await processImage(picture);
  const id = newImageId();
  try {
    await storeImageVariants(storage, id, processed);
  } catch (error) {
    // Some variants may have been written before one failed.
    await storage.removePrefix(`images/${id}`).catch(() => undefined);
    throw error;
  }
  await db.insert(images).values({
    id,
    ownerId,
    width: processed.width,
    height: processed.height,
    variants: processed.variants.map(({ width, height }) => ({ width, height })),
    bytes: processed.variants.reduce((sum, variant) => sum + variant.body.length, 0),
  });
  return id;
}

/** Removes a stored picture (after the row that named it is gone or was never written). */
export async function removeUploadedImage(db: Db, storage: FileStorage, id: string): Promise<void> {
  await db.delete(images).where(eq(images.id, id));
  await storage.removePrefix(`images/${id}`);
}
