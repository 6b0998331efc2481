import { eq, sql } from 'drizzle-orm';
import { adCategories, ads, users } from '../../../server/db/schema';
import { MESSAGE_MAX_LENGTH } from '../../../shared/validation/chats';
import { bearer, signIn, type TestContext } from '../helpers/test-app';
import { type Account, catalogSubjects, counts, get, post, resetSendLimits, setUpChatTestApp, uuid } from './chat-test-kit';

let ctx: TestContext;
let buyer: Account;
let seller: Account;
let stranger: Account;
let support: Account;
let farm: { businessId: number; productId: number };

setUpChatTestApp(async (app) => {
  ctx = app;
  buyer = await signIn(ctx, 'buyer@example.com');
  seller = await signIn(ctx, 'seller@example.com');
  stranger = await signIn(ctx, 'stranger@example.com');
  support = await signIn(ctx, 'support@example.com');
  farm = await catalogSubjects(ctx, seller.userId);
});

const send = (who: Account, body: Record<string, unknown>) => post(ctx, '/v1/messages', who, body);
const messageEvents = () => ctx.events.filter((e) => e.event === 'MessageSent');

describe('sending', () => {
  test('a first message to a user starts a chat: 201, stored, MessageSent to the recipient and to the sender after the commit', async () => {
    const res = await send(buyer, { recipient_id: seller.userId, content: 'Здравствуйте! Помидоры ещё есть?', subject_type: 'product', subject_id: farm.productId });
    expect(res.statusCode).toBe(201);
    const message = res.json().data;
    expect(message).toMatchObject({
      content: 'Здравствуйте! Помидоры ещё есть?',
      sender: { id: buyer.userId, name: 'Irina Pokupateleva' },
      attachments: [],
      client_id: null,
    });
    expect(typeof message.chat_id).toBe('number');

    const sent = messageEvents();
    expect(sent.map((e) => e.channel).sort()).toEqual([`private-user.${buyer.userId}`, `private-user.${seller.userId}`].sort());
    for (const event of sent) {
      expect(event.data).toMatchObject({
        message: { id: message.id, chat_id: message.chat_id, chat_kind: 'direct', sender: { id: buyer.userId }, content: message.content, created_at: message.created_at },
      });
      expect(event.data.event_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Published after the commit: whoever hears the event can read the message at once.
    const history = await get(ctx, `/v1/chats/${message.chat_id}/messages`, seller);
    expect(history.json().data.map((m: { id: number }) => m.id)).toContain(message.id);

    const chat = (await get(ctx, `/v1/chats/${message.chat_id}`, seller)).json().data;
    expect(chat).toMatchObject({ subject: { type: 'product', id: farm.productId, name: 'Помидоры черри' }, other: { id: buyer.userId }, unread_count: 1 });
  });

  test('the same pair and subject keep one chat whoever writes; another subject is another chat', async () => {
    const a = (await send(buyer, { recipient_id: seller.userId, content: 'один', subject_type: 'business', subject_id: farm.businessId })).json().data;
    const b = (await send(seller, { recipient_id: buyer.userId, content: 'два', subject_type: 'business', subject_id: farm.businessId })).json().data;
    const c = (await send(buyer, { recipient_id: seller.userId, content: 'три' })).json().data;
    const d = (await send(buyer, { chat_id: a.chat_id, content: 'четыре' })).json().data;
    expect(b.chat_id).toBe(a.chat_id);
    expect(d.chat_id).toBe(a.chat_id);
    expect(c.chat_id).not.toBe(a.chat_id);
  });

  test('a chat started from an ad is about that ad and shows its title', async () => {
    const db = ctx.database.db;
    const [category] = await db.insert(adCategories).values({ slug: `chat-ad-${Date.now()}`, name: 'Велосипеды' }).returning();
    const [ad] = await db.insert(ads).values({ userId: seller.userId, categoryId: category.id, title: 'Велосипед горный', publishedAt: new Date() }).returning();
    const res = await send(buyer, { recipient_id: seller.userId, content: 'Велосипед ещё продаётся?', subject_type: 'ad', subject_id: ad.id });
    expect(res.statusCode).toBe(201);
    const chat = (await get(ctx, `/v1/chats/${res.json().data.chat_id}`, buyer)).json().data;
    expect(chat.subject).toEqual({ type: 'ad', id: ad.id, name: 'Велосипед горный' });
  });

  test('two people writing to each other for the first time at the same moment still share one chat', async () => {
    const x = await signIn(ctx, 'race-x@example.com');
    const y = await signIn(ctx, 'race-y@example.com');
    const [fromX, fromY] = await Promise.all([send(x, { recipient_id: y.userId, content: 'привет' }), send(y, { recipient_id: x.userId, content: 'привет!' })]);
    expect([fromX.statusCode, fromY.statusCode]).toEqual([201, 201]);
    expect(fromX.json().data.chat_id).toBe(fromY.json().data.chat_id);
    const list = (await get(ctx, '/v1/chats', x)).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ unread_count: 1, other: { id: y.userId } });
  });

  test('text is stored and returned as plain text, HTML included, with line breaks kept', async () => {
    const content = '<img src=x onerror=alert(1)>\r\n<b>жирный</b>\t & "кавычки"';
    const res = await send(buyer, { recipient_id: seller.userId, content });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content).toBe('<img src=x onerror=alert(1)>\n<b>жирный</b>\t & "кавычки"');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  test('control characters are refused (422 on content), not stored or quietly dropped', async () => {
    const res = await send(buyer, { recipient_id: seller.userId, content: 'скрытый\u0000\u0007текст' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ content: ['Поле содержит недопустимые управляющие символы.'] });
    expect(messageEvents()).toHaveLength(0);
  });

  test('bad input answers 422 with a translated field error', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ recipient_id: seller.userId, content: '   ' }, 'content', /Напишите сообщение или прикрепите файл/],
      [{ recipient_id: seller.userId, content: 'я'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'content', /4000/],
      [{ content: 'кому?' }, 'recipient_id', /Укажите, кому вы пишете/],
      [{ recipient_id: seller.userId, chat_id: 1, content: 'оба' }, 'recipient_id', /либо чат, либо получателя/],
      [{ recipient_id: buyer.userId, content: 'себе' }, 'recipient_id', /самому себе/],
      [{ recipient_id: 999_999, content: 'никому' }, 'recipient_id', /больше нет/],
      [{ recipient_id: 99_999_999_999, content: 'за пределом' }, 'recipient_id', /.+/],
      [{ chat_id: 99_999_999_999, content: 'за пределом' }, 'chat_id', /.+/],
      [{ recipient_id: seller.userId, content: 'x', client_id: 'not-a-uuid' }, 'client_id', /формат/i],
      [{ recipient_id: seller.userId, content: 'x', subject_type: 'invoice', subject_id: 1 }, 'subject_type', /.+/],
      [{ recipient_id: seller.userId, content: 'x', subject_type: 'product' }, 'subject_id', /.+/],
      [{ recipient_id: seller.userId, content: 'x', subject_type: 'product', subject_id: 999_999 }, 'subject_id', /товара, бизнеса, объявления или заказа больше нет/],
    ];
    for (const [body, field, text] of cases) {
      const res = await send(buyer, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 422 });
      expect(res.json().errors[field]?.[0]).toMatch(text);
    }
    expect(messageEvents()).toHaveLength(0);
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
      payload: { recipient_id: seller.userId, content: '' },
    });
    expect(english.json().errors.content).toEqual(['Write a message or attach a file.']);
  });

  test('exactly the limit is accepted', async () => {
    const res = await send(buyer, { recipient_id: seller.userId, content: 'я'.repeat(MESSAGE_MAX_LENGTH) });
    expect(res.statusCode).toBe(201);
  });

  test('a deleted recipient: the chat stays readable, sending into it is refused with 422', async () => {
    const gone = await signIn(ctx, 'gone@example.com');
    const first = (await send(buyer, { recipient_id: gone.userId, content: 'вы тут?' })).json().data;
    await ctx.database.db.delete(users).where(eq(users.id, gone.userId));
    const res = await send(buyer, { chat_id: first.chat_id, content: 'ау' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.chat_id[0]).toMatch(/больше нет/);
    const chat = (await get(ctx, `/v1/chats/${first.chat_id}`, buyer)).json().data;
    expect(chat.other).toBeNull();
    expect((await get(ctx, `/v1/chats/${first.chat_id}/messages`, buyer)).json().data).toHaveLength(1);
  });

  test('a message too large for one realtime event is published cut to fit 10 KB and flagged; the API returns it whole', async () => {
    // 4000 characters of three UTF-8 bytes each: 12 KB of text.
    const content = '€'.repeat(MESSAGE_MAX_LENGTH - 2) + '😀';
    const res = await send(buyer, { recipient_id: seller.userId, content });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content).toBe(content);
    for (const event of messageEvents()) {
      const message = event.data.message as { content: string; content_truncated?: boolean };
      expect(Buffer.byteLength(JSON.stringify(event.data))).toBeLessThanOrEqual(10 * 1024);
      expect(message.content_truncated).toBe(true);
      expect(message.content.length).toBeGreaterThan(2000);
      expect(content.startsWith(message.content)).toBe(true);
    }
    // A short one is published whole, without the flag.
    ctx.events.length = 0;
    await send(buyer, { recipient_id: seller.userId, content: 'коротко' });
    expect(messageEvents()[0].data.message).not.toHaveProperty('content_truncated');
  });
});

describe('events follow the commit', () => {
  test('a send whose transaction fails at its last step publishes nothing and stores nothing', async () => {
    const db = ctx.database.db;
    // Fails the transaction after the message row was written, when the chat's "last message" moves.
    await db.execute(sql`create function chats_test_fail() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from messages where id = new.last_message_id and content = 'откат') then raise exception 'test rollback'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger chats_test_fail after update on chats for each row execute function chats_test_fail()`);
    try {
      const chatId = (await send(buyer, { recipient_id: stranger.userId, content: 'до' })).json().data.chat_id;
      const before = await counts(ctx, stranger);
      ctx.events.length = 0;
      const res = await send(buyer, { chat_id: chatId, content: 'откат' });
      expect(res.statusCode).toBe(500);
      expect(ctx.events).toHaveLength(0);
      const history = (await get(ctx, `/v1/chats/${chatId}/messages`, stranger)).json().data;
      expect(history.map((m: { content: string }) => m.content)).toEqual(['до']);
      expect(await counts(ctx, stranger)).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger chats_test_fail on chats`);
      await db.execute(sql`drop function chats_test_fail()`);
    }
  });
});

describe('retries with a client id', () => {
  test('a repeated client id stores the message once and answers 200 with the original', async () => {
    const clientId = uuid();
    const first = await send(buyer, { recipient_id: seller.userId, content: 'повтор', client_id: clientId });
    expect(first.statusCode).toBe(201);
    ctx.events.length = 0;
    const again = await send(buyer, { recipient_id: seller.userId, content: 'повтор', client_id: clientId.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(again.json().data.client_id).toBe(clientId);
    expect(messageEvents()).toHaveLength(0);
    const history = (await get(ctx, `/v1/chats/${first.json().data.chat_id}/messages?limit=100`, seller)).json().data;
    expect(history.filter((m: { client_id: string }) => m.client_id === clientId)).toHaveLength(1);
  });

  test('concurrent retries of one send store it once', async () => {
    const clientId = uuid();
    const results = await Promise.all(Array.from({ length: 5 }, () => send(seller, { recipient_id: buyer.userId, content: 'гонка', client_id: clientId })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(messageEvents().filter((e) => (e.data.message as { client_id: string }).client_id === clientId)).toHaveLength(2);
  });

  test('client ids are per sender: another user may use the same one', async () => {
    const clientId = uuid();
    const a = await send(buyer, { recipient_id: stranger.userId, content: 'a', client_id: clientId });
    const b = await send(stranger, { recipient_id: buyer.userId, content: 'b', client_id: clientId });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).not.toBe(b.json().data.id);
  });
});

describe('privacy', () => {
  test('a chat someone is not part of does not exist for them (404), whatever they try', async () => {
    const chatId = (await send(buyer, { recipient_id: seller.userId, content: 'наш разговор' })).json().data.chat_id;
    for (const who of [stranger, support]) {
      expect((await get(ctx, `/v1/chats/${chatId}`, who)).statusCode).toBe(404);
      expect((await get(ctx, `/v1/chats/${chatId}/messages`, who)).statusCode).toBe(404);
      expect((await post(ctx, `/v1/chats/${chatId}/mark-as-read`, who)).statusCode).toBe(404);
      const write = await send(who, { chat_id: chatId, content: 'влезу' });
      expect(write.statusCode).toBe(404);
      expect(write.json().message).toBeTruthy();
    }
    expect((await get(ctx, '/v1/chats/999999/messages', buyer)).statusCode).toBe(404);
    const list = (await get(ctx, '/v1/chats', stranger)).json().data as Array<{ id: number }>;
    expect(list.map((c) => c.id)).not.toContain(chatId);
  });

  test('every chat route needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/v1/chats'],
      ['GET', '/v1/chats/1'],
      ['GET', '/v1/chats/1/messages'],
      ['POST', '/v1/chats/1/mark-as-read'],
      ['POST', '/v1/messages'],
      ['GET', '/v1/chats/1/attachments/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    }
  });
});

describe('unread counts', () => {
  test('messages raise the recipient count (chat list and header); mark-as-read drops it and tells the reader’s other tabs', async () => {
    const a = await signIn(ctx, 'reader-a@example.com');
    const b = await signIn(ctx, 'reader-b@example.com');
    const chatId = (await send(a, { recipient_id: b.userId, content: '1' })).json().data.chat_id;
    await send(a, { chat_id: chatId, content: '2' });
    await send(a, { chat_id: chatId, content: '3' });
    await send(b, { chat_id: chatId, content: 'ответ' });

    expect(await counts(ctx, b)).toMatchObject({ unread_messages: 3, total_unread: 3 });
    expect(await counts(ctx, a)).toMatchObject({ unread_messages: 1 });
    const listB = (await get(ctx, '/v1/chats', b)).json();
    expect(listB.data[0]).toMatchObject({ id: chatId, unread_count: 3, other: { id: a.userId }, last_message: { content: 'ответ', sender_id: b.userId } });

    ctx.events.length = 0;
    const read = await post(ctx, `/v1/chats/${chatId}/mark-as-read`, b);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ chat_id: chatId, count: 3 });
    expect(ctx.events).toEqual([{ channel: `private-user.${b.userId}`, event: 'MessagesRead', data: { chat_id: chatId, count: 3, event_id: expect.any(String) } }]);
    expect(await counts(ctx, b)).toMatchObject({ unread_messages: 0 });
    expect(await counts(ctx, a)).toMatchObject({ unread_messages: 1 });

    ctx.events.length = 0;
    const again = await post(ctx, `/v1/chats/${chatId}/mark-as-read`, b);
    expect(again.json().data).toEqual({ chat_id: chatId, count: 0 });
    expect(ctx.events).toHaveLength(0);
  });

  test('the chat list is newest activity first and paged', async () => {
    const me = await signIn(ctx, 'lister@example.com');
    const others = await Promise.all(['l1', 'l2', 'l3'].map((n) => signIn(ctx, `${n}@example.com`)));
    const ids: number[] = [];
    for (const other of others) ids.push((await send(other, { recipient_id: me.userId, content: `от ${other.userId}` })).json().data.chat_id);
    await send(others[0], { chat_id: ids[0], content: 'снова первый' });
    const page1 = (await get(ctx, '/v1/chats?per_page=2', me)).json();
    expect(page1.data.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[2]]);
    expect(page1.meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    const page2 = (await get(ctx, '/v1/chats?per_page=2&page=2', me)).json();
    expect(page2.data.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    expect(page2.data[0]).toMatchObject({ unread_count: 1, last_message: { content: `от ${others[1].userId}`, attachments_count: 0 } });
  });
});

describe('history', () => {
  test('cursor pages go backwards without gaps or repeats, each page oldest first', async () => {
    const a = await signIn(ctx, 'pager-a@example.com');
    const b = await signIn(ctx, 'pager-b@example.com');
    const chatId = (await send(a, { recipient_id: b.userId, content: 'm0' })).json().data.chat_id;
    for (let i = 1; i < 12; i++) {
      resetSendLimits(ctx);
      await send(i % 2 ? b : a, { chat_id: chatId, content: `m${i}` });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/v1/chats/${chatId}/messages?limit=5${cursor ? `&before=${cursor}` : ''}`;
      const body = (await get(ctx, url, a)).json();
      const contents = body.data.map((m: { content: string }) => m.content);
      seen.unshift(...contents);
      cursor = body.meta.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}`));
    const first = (await get(ctx, `/v1/chats/${chatId}/messages?limit=5`, a)).json();
    expect(first.data.map((m: { content: string }) => m.content)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    expect((await get(ctx, `/v1/chats/${chatId}/messages?limit=500`, a)).statusCode).toBe(422);
    expect((await get(ctx, `/v1/chats/${chatId}/messages?before=abc`, a)).statusCode).toBe(422);
    expect((await get(ctx, `/v1/chats/${chatId}/messages?before=999999999999&limit=2`, a)).json().data.map((m: { content: string }) => m.content)).toEqual(['m10', 'm11']);
  });
});

describe('rate limit', () => {
  // Only the clock is frozen, so the allowance cannot refill while the burst runs on a slow machine.
  const onlyDate = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] as const;
  afterEach(() => jest.useRealTimers());

  test('a burst beyond the allowance gets 429 with Retry-After; a retried client id does not use the allowance', async () => {
    jest.useFakeTimers({ doNotFake: [...onlyDate], now: Date.now() });
    const spammer = await signIn(ctx, 'spammer@example.com');
    const clientId = uuid();
    const first = await send(spammer, { recipient_id: seller.userId, content: 'раз', client_id: clientId });
    expect(first.statusCode).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      // Retries of the first send answer 200 and leave the allowance alone.
      if (i % 5 === 0) expect((await send(spammer, { recipient_id: seller.userId, content: 'раз', client_id: clientId })).statusCode).toBe(i < 20 ? 200 : 429);
      const res = await send(spammer, { recipient_id: seller.userId, content: `спам ${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        // The window (20 s) began with the first send and the clock stands still.
        expect(res.headers['retry-after']).toBe('20');
        expect(res.json().message).toMatch(/слишком часто/);
      }
    }
    expect(statuses).toEqual([...Array(19).fill(201), ...Array(6).fill(429)]);
    // Someone else is not affected; once the window has passed the allowance is whole again.
    expect((await send(buyer, { recipient_id: seller.userId, content: 'я не спамлю' })).statusCode).toBe(201);
    jest.setSystemTime(Date.now() + 19_000);
    expect((await send(spammer, { recipient_id: seller.userId, content: 'ещё рано' })).headers['retry-after']).toBe('1');
    jest.setSystemTime(Date.now() + 1_000);
    expect((await send(spammer, { recipient_id: seller.userId, content: 'новое окно' })).statusCode).toBe(201);
  });

  test('the allowance is per signed-in user: two people behind one address each have their own, one person on two addresses has one', async () => {
    jest.useFakeTimers({ doNotFake: [...onlyDate], now: Date.now() });
    const [a, b] = [await signIn(ctx, 'same-ip-a@example.com'), await signIn(ctx, 'same-ip-b@example.com')];
    const from = (who: Account, ip: string, content: string) =>
      ctx.app.inject({ method: 'POST', url: '/v1/messages', headers: bearer(who.token), remoteAddress: ip, payload: { recipient_id: seller.userId, content } });
    const burst = async (who: Account, ips: string[]) => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await from(who, ips[i % ips.length], `${i}`)).statusCode);
      return statuses;
    };
    const allowance = [...Array(20).fill(201), 429];
    expect(await burst(a, ['198.51.100.7'])).toEqual(allowance);
    expect(await burst(b, ['198.51.100.7'])).toEqual(allowance);
    const c = await signIn(ctx, 'two-ips@example.com');
    expect(await burst(c, ['198.51.100.8', '203.0.113.20'])).toEqual(allowance);
  });
});
