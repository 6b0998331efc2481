const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP14 = 0xee;
const APP15 = 0xef;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
/** Markers without a length field. */
const isStandalone = (marker: number) => marker === SOI || marker === EOI || marker === 0x01 || isRestart(marker);
const startsWith = (bytes: Uint8Array, text: string) => [...text].every((c, i) => bytes[i] === c.charCodeAt(0));

/**
 * Segments that only describe the picture: comments and every APPn (EXIF
 * and XMP in APP1, ICC profiles and MPF's extra pictures in APP2, IPTC in
 * APP13, …) except the two that decoders need to read the pixels right:
 * APP0 `JFIF` and APP14 `Adobe` (how the colour channels are stored).
 */
function isMetadata(marker: number, payload: Uint8Array): boolean {
  if (marker === COM) return true;
  if (marker < APP0 || marker > APP15) return false;
  if (marker === APP0) return !startsWith(payload, 'JFIF\0');
  if (marker === APP14) return !startsWith(payload, 'Adobe');
  return true;
}

/**
 * The same JPEG without its metadata segments, byte for byte otherwise (the
 * pixels are not decoded, so nothing is lost), and nothing after its end
 * marker (where phones append extra pictures). Null when the bytes are not
 * a JPEG whose segments can be walked. Used where a JPEG is kept as it is,
 * inside a PDF; pictures uploaded on their own are re-encoded instead.
 */
export function stripJpegMetadata(jpeg: Uint8Array): Uint8Array | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) return null;
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let offset = 2;
  while (offset + 1 < jpeg.length) {
    if (jpeg[offset] !== 0xff) return null;
    const marker = jpeg[offset + 1];
    if (marker === 0xff) {
      // A fill byte before a marker.
      offset += 1;
      continue;
    }
    if (marker === EOI) {
      kept.push(jpeg.subarray(offset, offset + 2));
      break;
    }
    if (isStandalone(marker)) {
      kept.push(jpeg.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (offset + 4 > jpeg.length) return null;
    const end = offset + 2 + ((jpeg[offset + 2] << 8) | jpeg[offset + 3]);
    if (end < offset + 4 || end > jpeg.length) return null;
    if (!isMetadata(marker, jpeg.subarray(offset + 4, end))) kept.push(jpeg.subarray(offset, end));
    offset = end;
    if (marker === SOS) {
      // Compressed data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      const start = offset;
      while (offset + 1 < jpeg.length && !(jpeg[offset] === 0xff && jpeg[offset + 1] !== 0 && !isRestart(jpeg[offset + 1]))) offset += 1;
      if (offset + 1 >= jpeg.length) offset = jpeg.length;
      kept.push(jpeg.subarray(start, offset));
    }
  }
  return Buffer.concat(kept);
}
