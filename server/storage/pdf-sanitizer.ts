import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFContext, type PDFObject, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { stripJpegMetadata } from './jpeg-metadata-segments';
import { guardPdfParsing, structureRefused } from './pdf-parse-guard';
import { UploadRefused } from './upload-refusal';

/** Keys that hold metadata wherever they appear: XMP packets (catalogue, pages, pictures) and applications' private data. */
const METADATA_KEYS = ['Metadata', 'PieceInfo'].map((name) => PDFName.of(name));
/** Annotations whose `/T` is the name of the person who wrote them (a form field's `/T` is its name and stays). */
const MARKUP_ANNOTATIONS = new Set(
  ['Text', 'FreeText', 'Line', 'Square', 'Circle', 'Polygon', 'PolyLine', 'Highlight', 'Underline', 'Squiggly', 'StrikeOut', 'Stamp', 'Caret', 'Ink', 'FileAttachment', 'Sound', 'Redact'].map(
    (name) => PDFName.of(name),
  ),
);
const SUBTYPE = PDFName.of('Subtype');
const AUTHOR = PDFName.of('T');
const DCT = PDFName.of('DCTDecode');

function withoutMetadata(dict: PDFDict): void {
  for (const key of METADATA_KEYS) dict.delete(key);
  const subtype = dict.get(SUBTYPE);
  if (subtype instanceof PDFName && MARKUP_ANNOTATIONS.has(subtype)) dict.delete(AUTHOR);
}

/** A picture stored as a plain JPEG (its only filter is DCTDecode): its EXIF can be cut out without touching the pixels. */
function isPlainJpeg(stream: PDFRawStream): boolean {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  return filter === DCT || (filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === DCT);
}

/**
 * Walks the document from its catalogue, removing metadata on the way (so a
 * removed XMP stream is never reached), and returns every object still in use.
 */
function cleanReachable(context: PDFContext, root: PDFRef): Set<PDFRef> {
  const reachable = new Set<PDFRef>();
  const pending: PDFObject[] = [root];
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFRef) {
      if (reachable.has(object)) continue;
      reachable.add(object);
      let target = context.lookup(object);
      if (target instanceof PDFRawStream && isPlainJpeg(target)) {
        const stripped = stripJpegMetadata(target.contents);
        if (stripped) {
          target = PDFRawStream.of(target.dict, stripped);
          context.assign(object, target);
        }
      }
      if (target) pending.push(target);
    } else if (object instanceof PDFDict) {
      withoutMetadata(object);
      pending.push(...object.values());
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    }
  }
  return reachable;
}

/**
 * The PDF without who made it: the document information dictionary (Title,
 * Author, Subject, Keywords, Creator, Producer, dates) is dropped, every XMP
 * metadata stream and application data removed, the EXIF cut out of JPEG
 * pictures, annotation authors cleared, and objects nothing refers to any
 * more (earlier revisions' metadata among them) left out of the new file.
 * pdf-lib loads it without stamping its own Producer and dates.
 *
 * A PDF we cannot open is refused (`unreadablePdf`), never stored as sent:
 * an encrypted one keeps its metadata encrypted where we cannot read or
 * remove it, and a broken one may hide it where we did not look.
 */
export async function sanitizePdf(input: Buffer): Promise<Buffer> {
  guardPdfParsing();
  try {
    const document = await PDFDocument.load(input, { updateMetadata: false });
    const { context } = document;
    if (structureRefused(context)) throw new Error('structure refused');
    const root = context.trailerInfo.Root;
    if (!(root instanceof PDFRef) || !(context.lookup(root) instanceof PDFDict)) throw new Error('no catalogue');
    context.trailerInfo.Info = undefined;
    const reachable = cleanReachable(context, root);
    for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref)) context.delete(ref);
    // No page is added to an empty document and no form is redrawn: the file stays what was sent.
    return Buffer.from(await document.save({ addDefaultPage: false, updateFieldAppearances: false }));
  } catch {
    throw new UploadRefused('unreadablePdf');
  }
}
