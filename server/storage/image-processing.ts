import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../shared/api/catalog-values';
import type { FileStorage } from './file-storage';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** Decoding more pixels than this is refused (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The format by the file's first bytes, whatever its name or declared type
 * says: PNG signature, JPEG SOI marker, or a RIFF container of WEBP.
 */
export function sniffImageFormat(head: Buffer): ImageFormat | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.toString('ascii', 0, 4) === 'RIFF' && head.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: Array<{ width: number; height: number; body: Buffer }>;
}

export class InvalidImageError extends Error {}

/**
 * Checks that the bytes really are a PNG, JPEG or WebP picture and renders
 * the WebP variants the screens use. Orientation from EXIF is applied first;
 * the output carries no metadata (sharp drops EXIF, GPS and ICC by default).
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const sniffed = sniffImageFormat(input);
  if (!sniffed) throw new InvalidImageError('not a png, jpeg or webp file');
  const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (!metadata) throw new InvalidImageError('undecodable image');
  if (metadata.format !== sniffed || !metadata.width || !metadata.height) throw new InvalidImageError('format mismatch');
  try {
    const variants = [];
    for (const width of IMAGE_WIDTHS) {
      const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, body: data });
    }
    const largest = variants[variants.length - 1];
    return { width: largest.width, height: largest.height, variants };
  } catch {
    // A truncated or corrupt body passes the header check and fails here.
    throw new InvalidImageError('undecodable image');
  }
}

export const newImageId = () => randomBytes(12).toString('base64url').replace(/[^a-z0-9]/gi, 'x').toLowerCase();
/** Seeded images get ids from their content, so seeding twice reuses the files. */
export const contentImageId = (content: Buffer | string) => `s${createHash('sha256').update(content).digest('hex').slice(0, 23)}`;

/** `images/<id>/<requested width>.webp`: the requested width names the file even when the picture was narrower. */
export const imageVariantKey = (id: string, requestedWidth: number) => `images/${id}/${requestedWidth}.webp`;

export async function storeImageVariants(storage: FileStorage, id: string, image: ProcessedImage): Promise<void> {
  await Promise.all(image.variants.map((variant, index) => storage.put(imageVariantKey(id, IMAGE_WIDTHS[index]), variant.body, 'image/webp')));
}
