import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import sharp from 'sharp';
import { images, messageAttachments } from '../../server/db/schema';
import { multipartBody } from './catalog/catalog-helpers';
import { type Account, filesUnder, form, post, setUpChatTestApp } from './chats/chat-test-kit';
import {
  animatedWebp,
  authoredPdf,
  bombPdf,
  bombPng,
  encryptedPdf,
  gpsJpeg,
  gpsTags,
  gpsWebp,
  METADATA_MARKERS,
  PDF_AUTHOR,
  pdfMetadata,
  SECRET,
  textPng,
  truncatedJpeg,
} from './helpers/metadata-fixtures';
import { bearer, signIn, type TestContext } from './helpers/test-app';
import { bannerForm, subscribe } from './banners/banners-kit';
import { contestBody, participant, type Person } from './olympiad-works/works-kit';

/**
 * Children use the product: no picture or document anyone uploads may be
 * served with the place it was taken, the device, the author or any comment.
 * Every upload route is in ROUTES below, each sending a file as its own
 * screen does and fetching it back as a person allowed to see it would.
 * A new upload route gets a row here.
 */

let ctx: TestContext;
let dataDir: string;
let buyer: Account;
let seller: Account;
let agent: Account;
let customer: Account;
let conversationId: number;
let pupil: Person;
let contestId: number;

setUpChatTestApp(async (app, dir) => {
  ctx = app;
  dataDir = dir;
  buyer = await signIn(ctx, 'buyer@example.com');
  seller = await signIn(ctx, 'seller@example.com');
  agent = await signIn(ctx, 'support@example.com');
  customer = await signIn(ctx, 'privacy-customer@example.com');
  conversationId = (await post(ctx, '/v1/support/messages', customer, { content: 'Здравствуйте' })).json().data.chat_id;
  pupil = await participant(ctx);
  const moderator = await signIn(ctx, 'moderator@example.com');
  contestId = (await ctx.app.inject({ method: 'POST', url: '/v1/olympiad/contests', headers: bearer(moderator.token), payload: contestBody({ works_per_participant: 50 }) })).json().data.id;
  // Banners are for sellers with an active promotion.
  await subscribe(ctx, seller.userId);
});

interface Upload {
  name: string;
  data: Buffer;
  type: string;
}

interface Served {
  body: Buffer;
  contentType: string;
}

interface UploadRoute {
  route: string;
  accepts: ReadonlyArray<'image' | 'pdf'>;
  /** False where only png and jpeg pictures are taken (olympiad works, SPEC §5). */
  takesWebp: boolean;
  /** True when a picture is stored in the format it came in (else as WebP renditions). */
  keepsFormat: boolean;
  /** The field a refusal names. */
  errorField: string;
  /** Sends one file the way the route's own screen does. */
  send(file: Upload): Promise<Response>;
  /** Every copy the response points at, fetched by its URL as someone allowed to see it. */
  fetchBack(response: Response): Promise<Served[]>;
}

async function fetchAs(url: string, who: Account | null): Promise<Served> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
  expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
  return { body: res.rawPayload, contentType: String(res.headers['content-type']) };
}

/** A participant's work as the upload form sends it. */
function upload(app: TestContext, who: Person, contest: number, file: Upload): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ contest_id: contest, title: 'Рисунок', description: 'Гуашь', upload_key: crypto.randomUUID() })) form.append(key, String(value));
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  return app.app.inject({ method: 'POST', url: '/v1/olympiad/works', headers: bearer(who.token), payload: form as never });
}

/** A seller's banner as its creation form sends it. */
function bannerUpload(file: Upload): Promise<Response> {
  const day = 86_400_000;
  const fields = { title: 'Баннер', link: `/user/${seller.userId}`, placement: 'home', starts_at: new Date(Date.now() - day).toISOString(), ends_at: new Date(Date.now() + 30 * day).toISOString() };
  return ctx.app.inject({ method: 'POST', url: '/v1/ads/create-banner', headers: bearer(seller.token), payload: bannerForm(fields, file) as never });
}

const attachmentUrls = (res: Response) => (res.json().data.attachments as Array<{ url: string }>).map((attachment) => attachment.url);

const ROUTES: UploadRoute[] = [
  {
    route: 'POST /v1/uploads/images (catalogue picture, public WebP renditions)',
    accepts: ['image'],
    takesWebp: true,
    keepsFormat: false,
    errorField: 'image',
    send(file) {
      const body = multipartBody('image', file.name, file.type, file.data);
      return ctx.app.inject({ method: 'POST', url: '/v1/uploads/images', headers: { ...bearer(seller.token), ...body.headers }, payload: body.payload });
    },
    // Anyone loads catalogue pictures, signed in or not.
    fetchBack: (res) => Promise.all((res.json().data.variants as Array<{ url: string }>).map((variant) => fetchAs(variant.url, null))),
  },
  {
    route: 'POST /v1/messages (chat attachment, fetched by the other member)',
    accepts: ['image', 'pdf'],
    takesWebp: true,
    keepsFormat: true,
    errorField: 'files',
    send: (file) => post(ctx, '/v1/messages', buyer, form({ recipient_id: seller.userId }, [file])),
    fetchBack: (res) => Promise.all(attachmentUrls(res).map((url) => fetchAs(url, seller))),
  },
  {
    route: 'POST /v1/support/messages (customer to support, fetched by an agent)',
    accepts: ['image', 'pdf'],
    takesWebp: true,
    keepsFormat: true,
    errorField: 'files',
    send: (file) => post(ctx, '/v1/support/messages', customer, form({}, [file])),
    fetchBack: (res) => Promise.all(attachmentUrls(res).map((url) => fetchAs(url, agent))),
  },
  {
    route: 'POST /v1/support/conversations/:id/messages (agent reply, fetched by the customer)',
    accepts: ['image', 'pdf'],
    takesWebp: true,
    keepsFormat: true,
    errorField: 'files',
    send: (file) => post(ctx, `/v1/support/conversations/${conversationId}/messages`, agent, form({}, [file])),
    fetchBack: (res) => Promise.all(attachmentUrls(res).map((url) => fetchAs(url, customer))),
  },
  {
    route: 'POST /v1/olympiad/works (a participant’s work: WebP renditions, a PDF with a preview; fetched by the author)',
    accepts: ['image', 'pdf'],
    takesWebp: false,
    keepsFormat: false,
    errorField: 'file',
    send: (file) => upload(ctx, pupil, contestId, file),
    fetchBack(res) {
      const work = res.json().data as { file_kind: string; file_url: string; image: { variants: Array<{ url: string }> } };
      // A PDF is served as it was cleaned; a picture as its renditions and its large view.
      const urls = work.file_kind === 'pdf' ? [work.file_url] : [...work.image.variants.map((v) => v.url), work.file_url];
      return Promise.all(urls.map((url) => fetchAs(url, pupil)));
    },
  },
  {
    route: 'POST /v1/ads/create-banner (a seller’s banner: public WebP renditions once approved)',
    accepts: ['image'],
    takesWebp: true,
    keepsFormat: false,
    errorField: 'image',
    send: bannerUpload,
    // Banner pictures are public, like every catalogue picture.
    fetchBack: (res) => Promise.all((res.json().data.image.variants as Array<{ url: string }>).map((variant) => fetchAs(variant.url, null))),
  },
];

const IMAGE_ROUTES = ROUTES.filter((r) => r.accepts.includes('image'));
const PDF_ROUTES = ROUTES.filter((r) => r.accepts.includes('pdf'));

/** No EXIF, GPS, XMP, IPTC, ICC profile or comment, by sharp's reading and by the bytes themselves. */
async function expectNoImageMetadata(served: Served): Promise<void> {
  const meta = await sharp(served.body).metadata();
  expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc, comments: meta.comments }).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
    icc: undefined,
    comments: undefined,
  });
  for (const marker of METADATA_MARKERS) expect({ marker, found: served.body.includes(marker) }).toEqual({ marker, found: false });
}

/** Everything an upload could leave behind: catalogue image rows, attachment rows, files under DATA_DIR/uploads. */
async function storedState() {
  const [imageRows] = await ctx.database.db.select({ n: count() }).from(images);
  const [attachmentRows] = await ctx.database.db.select({ n: count() }).from(messageAttachments);
  return { images: Number(imageRows.n), attachments: Number(attachmentRows.n), files: filesUnder(path.join(dataDir, 'uploads')).length };
}

/** A refusal with the translated message on the route's field, and nothing stored. */
async function expectRefused(route: UploadRoute, file: Upload, message: RegExp): Promise<void> {
  const before = await storedState();
  const res = await route.send(file);
  expect({ file: file.name, status: res.statusCode }).toEqual({ file: file.name, status: 422 });
  expect(res.json().errors[route.errorField][0]).toMatch(message);
  expect(await storedState()).toEqual(before);
}

describe('the fixtures carry what must be removed (so the checks below cannot pass vacuously)', () => {
  test('the JPEG has GPS EXIF, XMP, a comment and orientation 6', async () => {
    const jpeg = await gpsJpeg();
    const meta = await sharp(jpeg).metadata();
    expect(gpsTags(meta.exif)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(meta.xmp).toBeDefined();
    expect(meta.orientation).toBe(6);
    for (const marker of ['GPS', 'Exif', 'http://ns.adobe.com/xap', SECRET]) expect({ marker, found: jpeg.includes(marker) }).toEqual({ marker, found: true });
  });

  test('the PNG has text chunks, EXIF and XMP; the WebPs have GPS EXIF and XMP; one is animated', async () => {
    const png = await textPng();
    const pngMeta = await sharp(png).metadata();
    expect(pngMeta.comments?.map((c) => c.keyword)).toEqual(expect.arrayContaining(['Comment']));
    expect(gpsTags(pngMeta.exif)).toContain(2);
    expect(pngMeta.xmp).toBeDefined();
    for (const marker of ['tEXt', 'zTXt', 'iTXt']) expect(png.includes(marker)).toBe(true);
    for (const webp of [await gpsWebp(), await animatedWebp()]) {
      const meta = await sharp(webp).metadata();
      expect(gpsTags(meta.exif)).toContain(2);
      expect(meta.xmp).toBeDefined();
    }
    expect((await sharp(await animatedWebp()).metadata()).pages).toBe(3);
  });

  test('the PDF names its author everywhere, has XMP, and its picture has GPS', async () => {
    const found = await pdfMetadata(await authoredPdf());
    expect(found.info.author).toBe(PDF_AUTHOR);
    expect(found.info.creator).toBe('KidsPaint 3.1');
    expect(found.info.created).toBeInstanceOf(Date);
    expect(found.xmp).toBe(true);
    expect(found.jpegs).toHaveLength(1);
    expect(found.jpegs[0].gps).toContain(2);
  });
});

describe.each(IMAGE_ROUTES)('$route', (route) => {
  test('a photo with GPS EXIF, XMP and a comment is served upright and without any of them', async () => {
    const res = await route.send({ name: 'дача.jpg', data: await gpsJpeg(), type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const served = await route.fetchBack(res);
    expect(served.length).toBeGreaterThan(0);
    for (const copy of served) {
      await expectNoImageMetadata(copy);
      expect(copy.contentType).toBe(route.keepsFormat ? 'image/jpeg' : 'image/webp');
      // Stored 64×48 with orientation 6: shown 48×64, and so it must stay once the EXIF is gone.
      const { width, height } = await sharp(copy.body).metadata();
      expect([width, height]).toEqual([48, 64]);
    }
  });

  test('a PNG with text chunks and WebPs with EXIF and XMP, still and animated, lose them all', async () => {
    for (const file of [
      { name: 'screenshot.png', data: await textPng(), type: 'image/png', pages: 1 },
      { name: 'photo.webp', data: await gpsWebp(), type: 'image/webp', pages: 1 },
      { name: 'sticker.webp', data: await animatedWebp(), type: 'image/webp', pages: 3 },
    ].filter((file) => route.takesWebp || file.type !== 'image/webp')) {
      const res = await route.send(file);
      expect({ file: file.name, status: res.statusCode }).toEqual({ file: file.name, status: 201 });
      for (const copy of await route.fetchBack(res)) {
        await expectNoImageMetadata(copy);
        expect(copy.contentType).toBe(route.keepsFormat ? file.type : 'image/webp');
        // An animation stays one where the file is kept as sent; a catalogue picture is its first frame.
        const { pages } = await sharp(copy.body).metadata();
        expect({ file: file.name, pages: pages ?? 1 }).toEqual({ file: file.name, pages: route.keepsFormat ? file.pages : 1 });
      }
    }
  });

  test('a decompression bomb is refused with a clear message and nothing is stored', async () => {
    await expectRefused(route, { name: 'bomb.png', data: await bombPng(), type: 'image/png' }, /«bomb\.png» слишком большое для обработки: не больше 50 мегапикселей/);
  }, 30_000);

  test('a picture that is cut off is refused as damaged and nothing is stored', async () => {
    await expectRefused(route, { name: 'broken.jpg', data: await truncatedJpeg(), type: 'image/jpeg' }, /«broken\.jpg» повреждён/);
  });
});

describe.each(PDF_ROUTES)('$route', (route) => {
  test('a PDF is served without its author, dates, XMP or its picture’s GPS, and still opens', async () => {
    const res = await route.send({ name: 'рисунок.pdf', data: await authoredPdf(), type: 'application/pdf' });
    expect(res.statusCode).toBe(201);
    const [copy] = await route.fetchBack(res);
    expect(copy.contentType).toBe('application/pdf');
    const found = await pdfMetadata(copy.body);
    expect(found.pages).toBe(1);
    expect(Object.values(found.info)).toEqual(Array(8).fill(undefined));
    expect(found.xmp).toBe(false);
    expect(found.jpegs).toHaveLength(1);
    expect(found.jpegs[0].gps).toEqual([]);
    for (const marker of ['http://ns.adobe.com/xap', 'xmpmeta', 'Exif', SECRET]) expect({ marker, found: copy.body.includes(marker) }).toEqual({ marker, found: false });
  });

  test('an encrypted PDF and a PDF bomb are refused as unreadable, and nothing is stored', async () => {
    const unreadable = /PDF «.+» не удаётся прочитать/;
    await expectRefused(route, { name: 'locked.pdf', data: encryptedPdf(), type: 'application/pdf' }, unreadable);
    await expectRefused(route, { name: 'bomb.pdf', data: bombPdf(), type: 'application/pdf' }, unreadable);
  }, 30_000);
});
