import { createHash, randomBytes } from 'node:crypto';
import { IMAGE_WIDTHS } from '../../shared/api/catalog-values';
import { sniffFileType } from '../../shared/validation/file-content';
import type { FileStorage } from './file-storage';
import { decodeImage, inspectImage, isImageType, renderImage } from './image-sanitizer';
import { UploadRefused } from './upload-refusal';

export interface ProcessedImage {
  width: number;
  height: number;
  variants: Array<{ width: number; height: number; body: Buffer }>;
}

/**
 * Checks that the bytes really are a PNG, JPEG or WebP picture and renders
 * the WebP variants the screens use, through the same decoding as every
 * other upload (`image-sanitizer.ts`): orientation applied, no metadata
 * kept, a pixel limit. An animated WebP gives its first frame: a catalogue
 * picture is a still. Throws `UploadRefused`.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = sniffFileType(input);
  if (!isImageType(type)) throw new UploadRefused('format');
  await inspectImage(input, type);
  const variants = [];
  for (const width of IMAGE_WIDTHS) {
    const { data, info } = await renderImage(decodeImage(input).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }));
    variants.push({ width: info.width, height: info.height, body: data });
  }
  const largest = variants[variants.length - 1];
  return { width: largest.width, height: largest.height, variants };
}

export const newImageId = () => randomBytes(12).toString('base64url').replace(/[^a-z0-9]/gi, 'x').toLowerCase();
/** Seeded images get ids from their content, so seeding twice reuses the files. */
export const contentImageId = (content: Buffer | string) => `s${createHash('sha256').update(content).digest('hex').slice(0, 23)}`;

/** `images/<id>/<requested width>.webp`: the requested width names the file even when the picture was narrower. */
export const imageVariantKey = (id: string, requestedWidth: number) => `images/${id}/${requestedWidth}.webp`;

export async function storeImageVariants(storage: FileStorage, id: string, image: ProcessedImage): Promise<void> {
  await Promise.all(image.variants.map((variant, index) => storage.put(imageVariantKey(id, IMAGE_WIDTHS[index]), variant.body, 'image/webp')));
}
