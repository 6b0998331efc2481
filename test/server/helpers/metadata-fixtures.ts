import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';

/** Text planted in every fixture's metadata: served bytes must never contain it. */
export const SECRET = 'Masha-home-55.7539N-37.6208E';

/** Strings whose presence in served bytes means metadata survived. */
export const METADATA_MARKERS = ['GPS', 'Exif', 'http://ns.adobe.com/xap', SECRET, 'tEXt', 'iTXt', 'zTXt'];

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmp:CreatorTool="${SECRET}" exif:GPSLatitude="55,45.23N" exif:GPSLongitude="37,37.25E"/>
</rdf:RDF></x:xmpmeta>`;

/** EXIF GPS block as phones write it (IFD3 is the GPS directory). */
const GPS_EXIF = {
  IFD0: { Artist: SECRET, Copyright: SECRET },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 1394/100', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 1488/100', GPSMapDatum: 'WGS-84' },
};

/**
 * The tags of the GPS directory in an EXIF block (`sharp().metadata().exif`),
 * read by hand: empty when there is none. Tag 2 is GPSLatitude.
 */
export function gpsTags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  // JPEG and WebP keep the `Exif\0\0` header of APP1; PNG's eXIf chunk holds the TIFF block alone.
  const header = exif.indexOf('Exif\0\0');
  const tiff = header === -1 ? exif : exif.subarray(header + 6);
  const little = tiff.toString('ascii', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (at: number) => Array.from({ length: u16(at) }, (_, i) => ({ tag: u16(at + 2 + i * 12), value: u32(at + 10 + i * 12) }));
  const gps = entries(u32(4)).find((entry) => entry.tag === 0x8825);
  return gps ? entries(gps.value).map((entry) => entry.tag) : [];
}

/** A JPEG comment segment (COM) right after the start of the image. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xfffe, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** tEXt, zTXt and iTXt chunks right after IHDR (signature 8 bytes + IHDR 25). */
function withPngText(png: Buffer, text: string): Buffer {
  const chunks = [
    pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Description\0\0', 'latin1'), zlib.deflateSync(text)])),
    pngChunk('iTXt', Buffer.from(`Author\0\0\0en\0\0${text}`, 'utf8')),
  ];
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

/** Some texture, so encoders have real work and the picture is not one flat colour. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 }, noise: { type: 'gaussian', mean: 120, sigma: 30 } } });

/**
 * A phone photo of a child at home: stored 64×48 with EXIF orientation 6
 * (shown 48×64), GPS EXIF, XMP with GPS and a JPEG comment.
 */
export async function gpsJpeg(): Promise<Buffer> {
  const jpeg = await picture(64, 48).jpeg().withMetadata({ orientation: 6 }).withExifMerge(GPS_EXIF).withXmp(XMP).toBuffer();
  return withJpegComment(jpeg, `${SECRET} GPS`);
}

/** A PNG with EXIF (eXIf), XMP and tEXt, zTXt and iTXt comments. */
export async function textPng(): Promise<Buffer> {
  return withPngText(await picture(40, 30).png().withExif(GPS_EXIF).withXmp(XMP).toBuffer(), `${SECRET} GPS`);
}

/** A still WebP with GPS EXIF and XMP. */
export const gpsWebp = (): Promise<Buffer> => picture(40, 30).webp().withExif(GPS_EXIF).withXmp(XMP).toBuffer();

/** Three frames of 20×10 px, 100/200/300 ms, with GPS EXIF and XMP. */
export async function animatedWebp(): Promise<Buffer> {
  const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((background) => sharp({ create: { width: 20, height: 10, channels: 4, background } }).raw().toBuffer()));
  return sharp(Buffer.concat(frames), { raw: { width: 20, height: 30, channels: 4, pageHeight: 10 } })
    .webp({ delay: [100, 200, 300], loop: 0 })
    .withExif(GPS_EXIF)
    .withXmp(XMP)
    .toBuffer();
}

/** 10 000 × 10 000 px of one colour: about 300 KB that would decode to 300 MB. */
export const bombPng = (): Promise<Buffer> =>
  sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A JPEG cut in half: the header parses, the pixels do not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await picture(400, 300).jpeg().toBuffer();
  return whole.subarray(0, whole.length / 2);
}

export const PDF_AUTHOR = 'Маша Иванова, 5 «Б»';

/**
 * A one-page PDF as a child's drawing app might save it: every document
 * information field filled in, an XMP packet on the catalogue, and the
 * drawing a JPEG that still carries its GPS EXIF.
 */
export async function authoredPdf(): Promise<Buffer> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(`Мой рисунок ${SECRET}`);
  document.setAuthor(PDF_AUTHOR);
  document.setSubject(SECRET);
  document.setKeywords(['школа 57', SECRET]);
  document.setCreator('KidsPaint 3.1');
  document.setProducer('KidsPaint PDF');
  document.setCreationDate(new Date('2024-05-01T10:00:00Z'));
  document.setModificationDate(new Date('2024-05-02T10:00:00Z'));
  // A copy of its own: pdf-lib reads the JPEG from the start of its ArrayBuffer, not of the view.
  const drawing = await document.embedJpg(new Uint8Array(await gpsJpeg()));
  document.addPage([200, 200]).drawImage(drawing, { x: 10, y: 10, width: 48, height: 64 });
  const xmp = document.context.stream(XMP, { Type: 'Metadata', Subtype: 'XML' });
  document.catalog.set(PDFName.of('Metadata'), document.context.register(xmp));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** What a served PDF still says about its author, and whether its pictures still carry EXIF. */
export async function pdfMetadata(bytes: Buffer) {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const jpegs = document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Filter')) === PDFName.of('DCTDecode'));
  return {
    pages: document.getPageCount(),
    info: {
      title: document.getTitle(),
      author: document.getAuthor(),
      subject: document.getSubject(),
      keywords: document.getKeywords(),
      creator: document.getCreator(),
      producer: document.getProducer(),
      created: document.getCreationDate(),
      modified: document.getModificationDate(),
    },
    xmp: document.catalog.has(PDFName.of('Metadata')),
    jpegs: await Promise.all(jpegs.map(async (stream) => ({ gps: gpsTags((await sharp(Buffer.from(stream.contents)).metadata()).exif) }))),
  };
}

/** A PDF that says it is encrypted (the standard security handler): its metadata cannot be read, let alone removed. */
export function encryptedPdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      '4 0 obj << /Author <8f3a2b> >> endobj',
      `5 0 obj << /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -44 >> endobj`,
      'trailer << /Root 1 0 R /Info 4 0 R /Encrypt 5 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] >>',
      '%%EOF',
    ].join('\n'),
  );
}

/** An object stream of about 200 KB that inflates to 200 MB, which pdf-lib would decode while parsing. */
export function bombPdf(): Buffer {
  const data = zlib.deflateSync(Buffer.alloc(200 * 1024 * 1024, 0x20), { level: 9 });
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.5\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
        `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
}
