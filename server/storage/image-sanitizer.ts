import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { SniffedType } from '../../shared/validation/file-content';
import { MAX_INPUT_PIXELS, UploadRefused } from './upload-refusal';

export type ImageType = Extract<SniffedType, `image/${string}`>;

export const isImageType = (type: SniffedType | null): type is ImageType => type !== null && type.startsWith('image/');

const SHARP_FORMAT: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/** A decode or encode still running after this is stopped: a pathological file must not hold a worker thread. */
const PROCESSING_TIMEOUT_SECONDS = 30;
/** Visually lossless for photos; stored copies of sent files should look like what was sent. */
const STORED_QUALITY = 90;

/**
 * Untrusted bytes opened for processing: at most `MAX_INPUT_PIXELS` (all
 * frames together when animated), EXIF orientation applied first (so the
 * picture still stands upright once its EXIF is gone), cut-off or corrupt
 * pixel data an error rather than grey rows (harmless decoder warnings, such
 * as an outdated colour profile, are let through), and a time limit.
 * Whatever is encoded from it carries no EXIF, XMP, IPTC, ICC profile or
 * text comments: sharp writes none unless asked, and colours are converted
 * to sRGB so dropping the profile does not change them.
 */
export function decodeImage(input: Buffer, options: { animated?: boolean } = {}): Sharp {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true, animated: options.animated ?? false }).timeout({
    seconds: PROCESSING_TIMEOUT_SECONDS,
  });
}

const isTooLarge = (error: unknown) => /pixel limit|timeout/i.test(String((error as Error)?.message));

export interface ImageFacts {
  /** As displayed, with EXIF orientation applied. */
  width: number;
  height: number;
  isPalette: boolean;
}

/**
 * Reads the header only: the bytes must parse as the type their first bytes
 * claim, and claim no more pixels than we decode.
 */
export async function inspectImage(input: Buffer, type: ImageType): Promise<ImageFacts> {
  const metadata = await decodeImage(input)
    .metadata()
    .catch((error: unknown) => {
      throw new UploadRefused(isTooLarge(error) ? 'tooLarge' : 'format');
    });
  const { width, height } = metadata.autoOrient ?? metadata;
  if (metadata.format !== SHARP_FORMAT[type] || !width || !height) throw new UploadRefused('format');
  return { width, height, isPalette: metadata.isPalette };
}

/** Runs a pipeline; a failure here means the pixels did not decode (or were too many, or too slow). */
export async function renderImage(pipeline: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UploadRefused(isTooLarge(error) ? 'tooLarge' : 'damaged');
  }
}

/**
 * True when the WebP's (first) picture is lossless (a `VP8L` chunk), as
 * screenshots often are: re-encoding those lossy would blur their text.
 * Chunks are a fourcc, a little-endian size and the payload padded to even;
 * an animation frame (`ANMF`) has a 16-byte header before its own chunks.
 */
function isLosslessWebp(input: Buffer): boolean {
  for (let offset = 12; offset + 8 <= input.length; ) {
    const id = input.toString('ascii', offset, offset + 4);
    if (id === 'VP8L') return true;
    if (id === 'VP8 ') return false;
    if (id === 'ANMF') {
      offset += 8 + 16;
      continue;
    }
    const size = input.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return false;
}

export interface ReencodedImage {
  body: Buffer;
  width: number;
  height: number;
}

/**
 * The picture re-encoded in its own format, without any metadata: a PNG
 * stays a lossless PNG (palette kept small), a JPEG is re-compressed at a
 * visually lossless quality, a WebP keeps its animation and its losslessness.
 * The type stays because the person who sent the file sees its name and type.
 */
export async function reencodeImage(input: Buffer, type: ImageType): Promise<ReencodedImage> {
  const facts = await inspectImage(input, type);
  const decoded = decodeImage(input, { animated: type === 'image/webp' });
  const encoder = {
    'image/png': () => decoded.png({ palette: facts.isPalette }),
    'image/jpeg': () => decoded.jpeg({ quality: STORED_QUALITY }),
    'image/webp': () => decoded.webp({ quality: STORED_QUALITY, lossless: isLosslessWebp(input) }),
  }[type];
  const { data, info } = await renderImage(encoder());
  return { body: data, width: info.width, height: info.pageHeight ?? info.height };
}
