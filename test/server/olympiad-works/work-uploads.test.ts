import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { creativeWorks, images } from '../../../server/db/schema';
import { filesUnder } from '../chats/chat-test-kit';
import { authoredPdf, bombPdf, bombPng, encryptedPdf, gpsJpeg, gpsTags, METADATA_MARKERS, pdfMetadata, SECRET, truncatedJpeg } from '../helpers/metadata-fixtures';
import { call, createContest, participant, picture, setUpWorksKit, upload, type Person, type WorkFile } from './works-kit';
import { PDFDocument, rgb } from 'pdf-lib';

/**
 * Every rule of a work's file (SPEC §5, §8): told by its content, never by its name or declared
 * type; pictures re-encoded without EXIF or GPS (participants are children); PDFs cleaned and
 * given a preview of their first page; every refusal translated, and nothing stored by it.
 */

jest.setTimeout(60_000);
const kit = setUpWorksKit();
let contestId: number;
let author: Person;

beforeAll(async () => {
  contestId = await createContest(kit(), { works_per_participant: 50 });
  author = await participant(kit().ctx);
});

async function stored() {
  const db = kit().ctx.database.db;
  const [works] = await db.select({ n: count() }).from(creativeWorks);
  const [pictures] = await db.select({ n: count() }).from(images);
  return { works: Number(works.n), images: Number(pictures.n), files: filesUnder(path.join(kit().dataDir, 'uploads')).length };
}

/** Refused with the message on `file`, in both languages, and nothing stored. */
async function expectRefused(file: WorkFile, en: RegExp | string, ru: RegExp | string): Promise<void> {
  const before = await stored();
  for (const [lang, message] of [['en', en], ['ru', ru]] as const) {
    const res = await upload(kit(), author, contestId, file, {}, lang);
    expect({ file: file.name, lang, status: res.statusCode }).toEqual({ file: file.name, lang, status: 422 });
    const text = res.json().errors.file[0] as string;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  }
  expect(await stored()).toEqual(before);
}

async function served(url: string, token = author.token) {
  const res = await call(kit().ctx, 'GET', url, token);
  expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
  return res;
}

describe('accepted files', () => {
  test('a PNG and a JPEG (even named .jpg or with no extension) are stored as pictures with thumbnails and a large view', async () => {
    for (const file of [
      { name: 'drawing.png', data: await picture('png', 900, 600), type: 'image/png' },
      { name: 'photo.jpg', data: await picture('jpeg', 900, 600), type: 'image/jpeg' },
      { name: 'scan', data: await picture('jpeg', 300, 200), type: 'application/octet-stream' },
    ]) {
      const res = await upload(kit(), author, contestId, file);
      expect({ file: file.name, status: res.statusCode }).toEqual({ file: file.name, status: 201 });
      const work = res.json().data;
      expect(work).toMatchObject({ status: 'moderation', file_kind: 'image', rejection_reason: null, published_at: null, title: 'Весна в городе', description: 'Акварель, А4' });
      expect(work.image.variants.map((v: { width: number }) => v.width)).toEqual(file.name === 'scan' ? [200, 300, 300] : [200, 600, 900]);
      const large = await served(work.file_url);
      expect(large.headers['content-type']).toBe('image/webp');
      expect(large.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('a photo with GPS EXIF, XMP and a comment is stored upright and without any of them', async () => {
    const jpeg = await gpsJpeg();
    expect(gpsTags((await sharp(jpeg).metadata()).exif)).toEqual(expect.arrayContaining([1, 2]));
    const res = await upload(kit(), author, contestId, { name: 'дача.jpg', data: jpeg, type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const work = res.json().data;
    const copies = [...work.image.variants.map((v: { url: string }) => v.url), work.file_url];
    for (const url of copies) {
      const body = (await served(url)).rawPayload;
      const meta = await sharp(body).metadata();
      expect({ url, exif: meta.exif, xmp: meta.xmp, comments: meta.comments }).toEqual({ url, exif: undefined, xmp: undefined, comments: undefined });
      for (const marker of METADATA_MARKERS) expect({ marker, found: body.includes(marker) }).toEqual({ marker, found: false });
      // Stored 64×48 with orientation 6: shown 48×64, and so it stays once the EXIF is gone.
      expect([meta.width, meta.height]).toEqual([48, 64]);
    }
  });

  test('a PDF is cleaned of its author, served as an attachment that cannot be sniffed, and gets a preview of its first page', async () => {
    const res = await upload(kit(), author, contestId, { name: 'рисунок.pdf', data: await authoredPdf(), type: 'application/pdf' });
    expect(res.statusCode).toBe(201);
    const work = res.json().data;
    expect(work.file_kind).toBe('pdf');
    expect(work.image.variants.length).toBeGreaterThan(0);
    const file = await served(work.file_url);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const found = await pdfMetadata(file.rawPayload);
    expect(found.info.author).toBeUndefined();
    expect(found.xmp).toBe(false);
    expect(file.rawPayload.includes(SECRET)).toBe(false);
    expect(work.file_bytes).toBe(file.rawPayload.length);
  });

  test('the preview shows what is drawn on the first page', async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([200, 200]);
    page.drawRectangle({ x: 0, y: 0, width: 200, height: 200, color: rgb(1, 0, 0) });
    document.addPage([200, 200]);
    const res = await upload(kit(), author, contestId, { name: 'red.pdf', data: Buffer.from(await document.save()), type: 'application/pdf' });
    expect(res.statusCode).toBe(201);
    const preview = await served(res.json().data.image.variants[0].url);
    const { dominant } = await sharp(preview.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(60);
  });
});

describe('refused files', () => {
  test('an HTML page renamed .png and declared image/png: the SPEC’s format message', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    await expectRefused({ name: 'cat.png', data: html, type: 'image/png' }, 'The file has an invalid format.', 'Файл имеет недопустимый формат.');
  });

  test('a polyglot: a PNG signature in front of an HTML page, and a PDF header in front of one', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]);
    await expectRefused({ name: 'poly.png', data: png, type: 'image/png' }, 'The file has an invalid format.', 'Файл имеет недопустимый формат.');
    const pdf = Buffer.from('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n');
    await expectRefused({ name: 'poly.pdf', data: pdf, type: 'application/pdf' }, /The PDF “poly\.pdf” cannot be read/, /PDF «poly\.pdf» не удаётся прочитать/);
  });

  test('a picture carrying a page in its comment is stored without it', async () => {
    const script = '<script>alert("polyglot")</script>';
    const jpeg = await sharp(await picture('jpeg')).jpeg().withMetadata({ exif: { IFD0: { ImageDescription: script } } }).toBuffer();
    expect(jpeg.includes('alert("polyglot")')).toBe(true);
    const res = await upload(kit(), author, contestId, { name: 'x.jpg', data: jpeg, type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const body = (await served(res.json().data.file_url)).rawPayload;
    expect(body.includes('alert("polyglot")')).toBe(false);
  });

  test('a GIF, a WebP and an empty file are not among the kinds a work may be', async () => {
    const webp = await sharp(await picture('png')).webp().toBuffer();
    await expectRefused({ name: 'a.webp', data: webp, type: 'image/webp' }, 'The file has an invalid format.', 'Файл имеет недопустимый формат.');
    await expectRefused({ name: 'a.gif', data: Buffer.from('GIF89a\x01\x00\x01\x00'), type: 'image/gif' }, 'The file has an invalid format.', 'Файл имеет недопустимый формат.');
    await expectRefused({ name: 'empty.png', data: Buffer.alloc(0), type: 'image/png' }, 'The file has an invalid format.', 'Файл имеет недопустимый формат.');
  });

  test('a decompression bomb (a small file claiming a huge canvas) is refused by its dimensions', async () => {
    const bomb = await bombPng();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused({ name: 'bomb.png', data: bomb, type: 'image/png' }, /“bomb\.png” is too large to process: at most 50 megapixels/, /«bomb\.png» слишком большое для обработки: не больше 50 мегапикселей/);
  });

  test('a picture over 10 MB and a PDF over 5 MB get the size message of their kind', async () => {
    const bigPng = Buffer.concat([await picture('png'), Buffer.alloc(10 * 1024 * 1024 + 1 - (await picture('png')).length, 0)]);
    await expectRefused({ name: 'big.png', data: bigPng, type: 'image/png' }, 'The file size exceeded 10 MB.', 'Размер файла превышает 10 МБ.');
    const pdf = await authoredPdf();
    const bigPdf = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    await expectRefused({ name: 'big.pdf', data: bigPdf, type: 'application/pdf' }, 'The file size exceeded 5 MB.', 'Размер файла превышает 5 МБ.');
  });

  test('a cut-off picture, an encrypted PDF and a PDF bomb are refused as unreadable', async () => {
    await expectRefused({ name: 'broken.jpg', data: await truncatedJpeg(), type: 'image/jpeg' }, /“broken\.jpg” is damaged/, /«broken\.jpg» повреждён/);
    await expectRefused({ name: 'locked.pdf', data: encryptedPdf(), type: 'application/pdf' }, /cannot be read/, /не удаётся прочитать/);
    await expectRefused({ name: 'bomb.pdf', data: bombPdf(), type: 'application/pdf' }, /cannot be read/, /не удаётся прочитать/);
  });

  test('no file, an empty title or description: each field says what is missing, and nothing is stored', async () => {
    const before = await stored();
    const res = await call(kit().ctx, 'POST', '/v1/olympiad/works', author.token, (() => {
      const form = new FormData();
      form.append('contest_id', String(contestId));
      form.append('upload_key', crypto.randomUUID());
      form.append('title', '   ');
      form.append('description', '');
      return form;
    })());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      file: ['Choose the file of your work: a picture (png, jpeg, jpg) up to 10 MB or a PDF up to 5 MB.'],
      title: ['There are blank fields.'],
      description: ['There are blank fields.'],
    });
    expect(await stored()).toEqual(before);
  });
});

test('a guest cannot upload, and a user who is not a participant is told to register', async () => {
  const png = { name: 'a.png', data: await picture('png'), type: 'image/png' };
  const guest = await call(kit().ctx, 'POST', '/v1/olympiad/works', undefined, new FormData());
  expect(guest.statusCode).toBe(401);
  const res = await upload(kit(), { token: kit().moderator, userId: 0, email: '' }, contestId, png);
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe('You are not registered for the olympiad yet.');
  const rows = await kit().ctx.database.db.select({ n: count() }).from(creativeWorks).where(eq(creativeWorks.participantId, 0));
  expect(Number(rows[0].n)).toBe(0);
});

test('when the file cannot be kept, the answer is the SPEC’s upload error, nothing is stored, and the same form succeeds later', async () => {
  const storage = kit().ctx.app.storage;
  const put = storage.put;
  const before = await stored();
  const key = crypto.randomUUID();
  const file = { name: 'a.png', data: await picture('png'), type: 'image/png' };
  storage.put = async () => {
    throw new Error('disk full (test)');
  };
  try {
    const failed = await upload(kit(), author, contestId, file, { upload_key: key }, 'ru');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe('Ошибка загрузки файла.');
  } finally {
    storage.put = put;
  }
  expect(await stored()).toEqual(before);
  const retried = await upload(kit(), author, contestId, file, { upload_key: key });
  expect(retried.statusCode).toBe(201);
});
