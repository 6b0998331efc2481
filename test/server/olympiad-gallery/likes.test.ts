import { sql } from 'drizzle-orm';
import { createPusherPublisher } from '../../../server/modules/realtime/publisher';
import { workLikesChannel } from '../../../shared/api/realtime-events';
import { LIKES_PER_WINDOW, LIKE_MIN_ACCOUNT_AGE_MINUTES } from '../../../shared/validation/olympiad-works-rules';
import { SETUP_TIMEOUT, bearer, createTestApp, signIn, type TestContext } from '../helpers/test-app';
import { createContest, createParticipant, insertWork, likeCounts, type FixtureParticipant } from '../helpers/works-fixtures';
import { nextIp } from '../olympiad/olympiad-helpers';
import { app as realtimeApp, closeClients, connect, parseData, startServer, stopServers } from '../realtime/realtime-test-kit';

let ctx: TestContext;
let contest: number;
let author: FixtureParticipant;

beforeAll(async () => {
  ctx = await createTestApp();
  contest = await createContest(ctx.database.db);
  author = await createParticipant(ctx.database.db);
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const like = (workId: number, token?: string, lang = 'en') =>
  ctx.app.inject({ method: 'PUT', url: `/v1/olympiad/works/${workId}/like`, headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) } });
const unlike = (workId: number, token?: string, lang = 'en') =>
  ctx.app.inject({ method: 'DELETE', url: `/v1/olympiad/works/${workId}/like`, headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) } });
const newWork = (status: 'approved' | 'moderation' | 'rejected' = 'approved') => insertWork(ctx.database.db, { participantId: author.userId, contestId: contest, status });
const eventsFor = (workId: number) => ctx.events.filter((e) => e.channel === workLikesChannel(workId));
const fan = () => createParticipant(ctx.database.db);

describe('a participant likes a work', () => {
  test('like, like again (nothing changes), take back, take back again: the answer is the state each time', async () => {
    const work = await newWork();
    const { token, userId } = await fan();
    const first = await like(work, token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ work_id: work, liked: true, likes_count: 1 });
    expect(eventsFor(work).map((e) => e.data)).toEqual([expect.objectContaining({ work_id: work, likes_count: 1 })]);

    const again = await like(work, token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ work_id: work, liked: true, likes_count: 1 });
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 1, rows: 1 });
    expect(eventsFor(work)).toHaveLength(1);

    const gallery = (await ctx.app.inject({ method: 'GET', url: `/v1/olympiad/gallery/${work}`, headers: bearer(token) })).json().data;
    expect(gallery).toMatchObject({ liked: true, likes_count: 1, mine: false });

    const back = await unlike(work, token);
    expect(back.json().data).toEqual({ work_id: work, liked: false, likes_count: 0 });
    expect((await unlike(work, token)).json().data).toEqual({ work_id: work, liked: false, likes_count: 0 });
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 0, rows: 0 });
    expect(eventsFor(work).map((e) => e.data.likes_count)).toEqual([1, 0]);
    const rows = await ctx.database.db.execute(sql`select count(*)::int as n from creative_work_likes where user_id = ${userId}`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });

  test('one\'s own work cannot be liked: a translated 409, nothing stored', async () => {
    const work = await newWork();
    const res = await like(work, author.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot like your own work.');
    expect((await like(work, author.token, 'ru')).json().message).toBe('Нельзя поставить лайк своей работе.');
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 0, rows: 0 });
    expect(eventsFor(work)).toHaveLength(0);
  });

  test('a work on moderation, rejected or missing is a 404, and nothing is stored', async () => {
    const { token } = await fan();
    for (const status of ['moderation', 'rejected'] as const) {
      const work = await newWork(status);
      expect((await like(work, token)).statusCode).toBe(404);
      expect((await unlike(work, token)).statusCode).toBe(404);
      expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 0, rows: 0 });
    }
    expect((await like(2_000_000_000, token)).statusCode).toBe(404);
  });

  test('guests 401; a user who is not a participant, or has not confirmed the e-mail, 403', async () => {
    const work = await newWork();
    expect((await like(work)).statusCode).toBe(401);
    const buyer = await signIn(ctx, 'likes-buyer@example.com', { ip: nextIp() });
    const refused = await like(work, buyer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not registered for the olympiad yet.');
    const unconfirmed = await createParticipant(ctx.database.db, { verified: false });
    expect((await like(work, unconfirmed.token)).statusCode).toBe(403);
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 0, rows: 0 });
  });
});

describe('abuse limits', () => {
  test(`an account younger than ${LIKE_MIN_ACCOUNT_AGE_MINUTES} minutes cannot like yet (translated 403)`, async () => {
    const work = await newWork();
    const fresh = await createParticipant(ctx.database.db, { ageMinutes: LIKE_MIN_ACCOUNT_AGE_MINUTES - 1 });
    const res = await like(work, fresh.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`You can like works ${LIKE_MIN_ACCOUNT_AGE_MINUTES} minutes after registering.`);
    expect((await like(work, fresh.token, 'ru')).json().message).toBe(`Ставить лайки можно через ${LIKE_MIN_ACCOUNT_AGE_MINUTES} мин после регистрации.`);
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 0, rows: 0 });
    const older = await createParticipant(ctx.database.db, { ageMinutes: LIKE_MIN_ACCOUNT_AGE_MINUTES + 1 });
    expect((await like(work, older.token)).statusCode).toBe(200);
  });

  test(`one person may like or take back ${LIKES_PER_WINDOW} times a minute; then 429 with Retry-After, and others are not held up`, async () => {
    const work = await newWork();
    const clicker = await fan();
    for (let i = 0; i < LIKES_PER_WINDOW; i++) {
      const res = await (i % 2 ? unlike(work, clicker.token) : like(work, clicker.token));
      expect(res.statusCode).toBe(200);
    }
    const over = await like(work, clicker.token);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many likes in a row\. Try again in \d+ s\.$/);
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 0, rows: 0 });
    expect((await like(work, (await fan()).token)).json().data.likes_count).toBe(1);
  });
});

describe('exact counts under concurrent clicks', () => {
  test('50 participants clicking at once (likes, repeats and take-backs together): likes_count always equals count(*)', async () => {
    const work = await newWork();
    const fans = await Promise.all(Array.from({ length: 50 }, () => fan()));
    // Everyone likes, and half of them double-click.
    const first = await Promise.all(fans.flatMap((f, i) => (i % 2 ? [like(work, f.token)] : [like(work, f.token), like(work, f.token)])));
    expect(first.every((r) => r.statusCode === 200 && r.json().data.liked)).toBe(true);
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 50, rows: 50 });
    // Then 50 requests at once: the first 25 take their like back (twice, some of them), the others like again.
    const second = await Promise.all(
      fans.flatMap((f, i) => (i < 25 ? (i % 3 ? [unlike(work, f.token)] : [unlike(work, f.token), unlike(work, f.token)]) : [like(work, f.token)])),
    );
    expect(second.every((r) => r.statusCode === 200)).toBe(true);
    expect(await likeCounts(ctx.database.db, work)).toEqual({ stored: 25, rows: 25 });
    // The last event of the work tells the count as it stands.
    expect(eventsFor(work).at(-1)?.data.likes_count).toBeGreaterThanOrEqual(0);
    expect(eventsFor(work)).toHaveLength(75);
  });
});

describe('live counts', () => {
  afterEach(async () => {
    closeClients();
    await stopServers();
  });

  test('WorkLikesChanged reaches a guest on the work\'s public channel, no authorization needed', async () => {
    const server = await startServer();
    const guest = await connect(server.port);
    const work = await newWork();
    const ack = await guest.subscribe(workLikesChannel(work));
    expect(ack.event).toBe('pusher_internal:subscription_succeeded');
    await like(work, (await fan()).token);
    // What the app published, sent on by the real publisher to a real realtime server.
    const publisher = createPusherPublisher({ appId: realtimeApp.id, key: realtimeApp.key, secret: realtimeApp.secret, host: '127.0.0.1', port: server.port, useTLS: false }, ctx.app.log);
    const [event] = eventsFor(work);
    publisher.publish(event.channel, 'WorkLikesChanged', { work_id: work, likes_count: event.data.likes_count as number });
    await publisher.close();
    expect(parseData(await guest.event('WorkLikesChanged', workLikesChannel(work)))).toMatchObject({ work_id: work, likes_count: 1 });
  });
});
