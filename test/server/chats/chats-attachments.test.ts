import path from 'node:path';
import sharp from 'sharp';
import { bearer, signIn, type TestContext } from '../helpers/test-app';
import { type Account, form, get, image, pdf, post, storedFiles, setUpChatTestApp, uuid } from './chat-test-kit';

let ctx: TestContext;
let dataDir: string;
let buyer: Account;
let seller: Account;
let stranger: Account;
let agent: Account;

setUpChatTestApp(async (app, dir) => {
  ctx = app;
  dataDir = dir;
  buyer = await signIn(ctx, 'buyer@example.com');
  seller = await signIn(ctx, 'seller@example.com');
  stranger = await signIn(ctx, 'stranger@example.com');
  agent = await signIn(ctx, 'support@example.com');
});

const sendForm = (who: Account, data: FormData) => post(ctx, '/v1/messages', who, data);
const download = (who: Account, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });

test('images and a PDF, recognised by content, are stored outside the web root and served to both members', async () => {
  const png = await image('png', 40, 30);
  const jpeg = await image('jpeg');
  const webp = await image('webp');
  const doc = pdf();
  const res = await sendForm(
    buyer,
    form({ recipient_id: seller.userId, content: 'Фото и счёт', client_id: uuid() }, [
      // Names and declared types lie on purpose: only the content counts.
      { name: 'витрина.png', data: png, type: 'image/png' },
      { name: 'photo.html', data: jpeg, type: 'text/html' },
      { name: 'pic', data: webp },
      { name: '../../счёт №5.pdf', data: doc, type: 'application/pdf' },
    ]),
  );
  expect(res.statusCode).toBe(201);
  const message = res.json().data;
  expect(message.content).toBe('Фото и счёт');
  expect(message.attachments).toEqual([
    // Sizes are those of the stored copies: re-encoded without metadata (test/server/uploads-privacy.test.ts).
    { id: expect.any(Number), name: 'витрина.png', url: expect.stringMatching(/^\/v1\/chats\/\d+\/attachments\/\d+$/), mime: 'image/png', size: expect.any(Number), width: 40, height: 30 },
    { id: expect.any(Number), name: 'photo.jpg', url: expect.any(String), mime: 'image/jpeg', size: expect.any(Number), width: 4, height: 3 },
    { id: expect.any(Number), name: 'pic.webp', url: expect.any(String), mime: 'image/webp', size: expect.any(Number), width: 4, height: 3 },
    { id: expect.any(Number), name: 'счёт №5.pdf', url: expect.any(String), mime: 'application/pdf', size: expect.any(Number), width: null, height: null },
  ]);
  const event = ctx.events.find((e) => e.event === 'MessageSent' && e.channel === `private-user.${seller.userId}`)!;
  expect((event.data.message as { attachments: unknown[] }).attachments).toEqual(message.attachments);

  const files = storedFiles(dataDir);
  expect(files).toHaveLength(4);
  for (const file of files) expect(file.startsWith(path.join(dataDir, 'uploads', 'chats'))).toBe(true);

  for (const who of [buyer, seller]) {
    const image = await download(who, message.attachments[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.length).toBe(message.attachments[0].size);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none';sandbox;frame-ancestors 'none'",
    });
    expect(image.headers['content-disposition']).toBe(`inline; filename="_______.png"; filename*=UTF-8''${encodeURIComponent('витрина.png')}`);
    expect(String(image.headers['cache-control'])).toMatch(/^private/);
  }
  const document = await download(seller, message.attachments[3].url);
  expect(document.headers['content-type']).toBe('application/pdf');
  expect(document.headers['content-disposition']).toMatch(/^attachment; /);
  expect(document.rawPayload.length).toBe(message.attachments[3].size);
  expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const forced = await download(seller, `${message.attachments[0].url}?download=true`);
  expect(forced.headers['content-disposition']).toMatch(/^attachment; /);
});

test('files only, without text, are a valid message', async () => {
  const res = await sendForm(buyer, form({ recipient_id: seller.userId }, [{ name: 'a.png', data: await image('png') }]));
  expect(res.statusCode).toBe(201);
  expect(res.json().data.content).toBe('');
});

test('a script renamed to .png, a fake image and an unknown type are refused with 422, and nothing is kept', async () => {
  const before = storedFiles(dataDir).length;
  const script = Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
  const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  // A real PNG signature in front of a script: the header is there, the image is not.
  const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]);
  for (const file of [
    { name: 'cat.png', data: script, type: 'image/png' },
    { name: 'page.png', data: html, type: 'image/png' },
    { name: 'fake.png', data: fakePng, type: 'image/png' },
    { name: 'notes.txt', data: Buffer.from('просто текст') },
    { name: 'empty.pdf', data: Buffer.alloc(0) },
  ]) {
    const res = await sendForm(buyer, form({ recipient_id: seller.userId, content: 'смотри' }, [file]));
    expect({ name: file.name, status: res.statusCode }).toEqual({ name: file.name, status: 422 });
    expect(res.json().errors.files[0]).toContain(`«${file.name}»`);
  }
  // One bad file fails the whole message, good files included.
  const mixed = await sendForm(buyer, form({ recipient_id: seller.userId, content: 'два файла' }, [
    { name: 'ok.png', data: await image('png') },
    { name: 'bad.png', data: script },
  ]));
  expect(mixed.statusCode).toBe(422);
  expect(storedFiles(dataDir)).toHaveLength(before);
  expect(ctx.events).toHaveLength(0);
});

test('size limits follow the type found in the content: PDF up to 5 MB, images up to 10 MB', async () => {
  const before = storedFiles(dataDir).length;
  const bigPdf = await sendForm(buyer, form({ recipient_id: seller.userId }, [{ name: 'big.pdf', data: pdf(5 * 1024 * 1024 + 1) }]));
  expect(bigPdf.statusCode).toBe(422);
  expect(bigPdf.json().errors.files[0]).toMatch(/больше 5 МБ/);
  const okPdf = await sendForm(buyer, form({ recipient_id: seller.userId }, [{ name: 'ok.pdf', data: pdf(5 * 1024 * 1024) }]));
  expect(okPdf.statusCode).toBe(201);
  const png = await image('png');
  const hugeImage = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
  const tooBig = await sendForm(buyer, form({ recipient_id: seller.userId }, [{ name: 'huge.png', data: hugeImage }]));
  expect(tooBig.statusCode).toBe(422);
  expect(tooBig.json().errors.files[0]).toMatch(/больше 10 МБ/);
  expect(storedFiles(dataDir)).toHaveLength(before + 1);
  // Four uploads of 5–10 MB, one decoded and stored: seconds on a loaded 2-core machine.
}, 30_000);

test('at most five files per message', async () => {
  const png = await image('png');
  const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: png }));
  const res = await sendForm(buyer, form({ recipient_id: seller.userId }, six));
  expect(res.statusCode).toBe(422);
  expect(res.json().errors.files[0]).toMatch(/не больше 5 файлов/);
});

test('a retried upload with the same client id is stored once', async () => {
  const clientId = uuid();
  const png = await image('png');
  const first = await sendForm(buyer, form({ recipient_id: seller.userId, client_id: clientId }, [{ name: 'a.png', data: png }]));
  const files = storedFiles(dataDir).length;
  const again = await sendForm(buyer, form({ recipient_id: seller.userId, client_id: clientId }, [{ name: 'a.png', data: png }]));
  expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
  expect(again.json().data).toEqual(first.json().data);
  expect(storedFiles(dataDir)).toHaveLength(files);
});

test('attachments are served to nobody outside the chat: strangers and staff get 404, as do wrong chat ids', async () => {
  const message = (await sendForm(buyer, form({ recipient_id: seller.userId }, [{ name: 'a.png', data: await image('png') }]))).json().data;
  const url: string = message.attachments[0].url;
  expect((await download(stranger, url)).statusCode).toBe(404);
  expect((await download(agent, url)).statusCode).toBe(404);
  expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  const otherChat = (await post(ctx, '/v1/messages', stranger, { recipient_id: buyer.userId, content: 'привет' })).json().data.chat_id;
  // The attachment id under a chat the caller is in, but not the attachment's chat.
  expect((await download(buyer, url.replace(`/chats/${message.chat_id}/`, `/chats/${otherChat}/`))).statusCode).toBe(404);
  expect((await download(buyer, `/v1/chats/${message.chat_id}/attachments/999999`)).statusCode).toBe(404);
});

test('support attachments: the customer and staff may download, other users may not', async () => {
  const sent = await post(ctx, '/v1/support/messages', buyer, form({ content: 'скриншот ошибки' }, [{ name: 'error.png', data: await image('png') }]));
  expect(sent.statusCode).toBe(201);
  const url: string = sent.json().data.attachments[0].url;
  expect((await download(buyer, url)).statusCode).toBe(200);
  expect((await download(agent, url)).statusCode).toBe(200);
  expect((await download(seller, url)).statusCode).toBe(404);
  const reply = await post(ctx, `/v1/support/conversations/${sent.json().data.chat_id}/messages`, agent, form({ content: 'инструкция' }, [{ name: 'guide.pdf', data: pdf() }]));
  expect(reply.statusCode).toBe(201);
  expect((await download(buyer, reply.json().data.attachments[0].url)).statusCode).toBe(200);
});

test('JSON-only clients still work, and a non-object body is a 422', async () => {
  expect((await get(ctx, '/v1/chats', buyer)).statusCode).toBe(200);
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/messages', headers: { ...bearer(buyer.token), 'content-type': 'application/json' }, payload: '[1,2]' });
  expect(res.statusCode).toBe(422);
});
