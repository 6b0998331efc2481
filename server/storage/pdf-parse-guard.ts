import zlib from 'node:zlib';
import { PDFArray, PDFName, PDFObjectStreamParser, type PDFContext, type PDFRawStream, PDFXRefStreamParser } from 'pdf-lib';

/**
 * What pdf-lib may inflate while it parses one document. Loading inflates
 * only the object streams and cross-reference streams (the document's own
 * structure: dictionaries and numbers, a few times the file's size at
 * most); page contents, fonts and pictures stay compressed.
 */
export const MAX_STRUCTURE_BYTES = 32 * 1024 * 1024;

class PdfStructureTooLarge extends Error {}

const FLATE = PDFName.of('FlateDecode');
const inflatedSoFar = new WeakMap<PDFContext, number>();
/** pdf-lib skips an object it fails to parse and goes on, so a refusal is also noted here for the caller. */
const refused = new WeakSet<PDFContext>();

/** True when part of the document's structure was refused (too large, or not decodable) and left out by pdf-lib. */
export const structureRefused = (context: PDFContext) => refused.has(context);

function filtersOf(stream: PDFRawStream) {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFArray) return filter.asArray();
  return filter ? [filter] : [];
}

/**
 * Counts a structure stream against its document's allowance before pdf-lib
 * decodes it. zlib inflates with a hard output cap, in native code, so a few
 * kilobytes that would inflate to gigabytes (a decompression bomb) are
 * refused after at most the allowance, instead of pdf-lib's JavaScript
 * inflater filling memory and blocking the event loop. Structure streams
 * come with Flate or no filter at all; anything else is refused rather than
 * decoded unbounded.
 */
function countAgainstAllowance(stream: PDFRawStream): void {
  const context = stream.dict.context;
  const used = inflatedSoFar.get(context) ?? 0;
  try {
    inflatedSoFar.set(context, used + decodedSize(stream, MAX_STRUCTURE_BYTES - used));
  } catch (error) {
    refused.add(context);
    throw error;
  }
}

/** The stream's decoded size, or a throw when that is more than `left` bytes or cannot be known cheaply. */
function decodedSize(stream: PDFRawStream, left: number): number {
  const filters = filtersOf(stream);
  let size: number;
  if (filters.length === 0) size = stream.contents.length;
  else if (filters.length === 1 && filters[0] === FLATE) {
    try {
      size = zlib.inflateSync(stream.contents, { maxOutputLength: Math.max(1, left + 1), finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
    } catch {
      // Past the allowance, or not valid Flate data (which pdf-lib could not read either).
      throw new PdfStructureTooLarge();
    }
  } else throw new PdfStructureTooLarge();
  if (size > left) throw new PdfStructureTooLarge();
  return size;
}

let installed = false;

/**
 * pdf-lib has no limit of its own, and its parser reaches these two
 * streams only through `forStream`, so that is where the check goes. Both
 * classes are pdf-lib's public exports; nothing else in the app parses
 * PDFs. Idempotent.
 */
export function guardPdfParsing(): void {
  if (installed) return;
  installed = true;
  const objectStream = PDFObjectStreamParser.forStream;
  PDFObjectStreamParser.forStream = (stream, shouldWaitForTick) => {
    countAgainstAllowance(stream);
    return objectStream(stream, shouldWaitForTick);
  };
  const xrefStream = PDFXRefStreamParser.forStream;
  PDFXRefStreamParser.forStream = (stream) => {
    countAgainstAllowance(stream);
    return xrefStream(stream);
  };
}
