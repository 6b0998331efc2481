import type { MyRatingResponse, RatingResponse, RatingRow } from '../../../shared/api/olympiad-rating';
import { bearer, signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { nextIp } from '../olympiad/olympiad-helpers';
import { attempt, createWorld, finalResult, participant, scoredWork, signedIn, type RatingWorld } from './rating-fixtures';

async function rating(world: RatingWorld, query = '', token?: string, lang = 'en'): Promise<RatingResponse> {
  const res = await world.ctx.app.inject({
    method: 'GET',
    url: `/v1/olympiad/rating${query}`,
    headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`rating → ${res.statusCode} ${res.body}`);
  return res.json();
}

const places = (rows: RatingRow[]) => rows.map((row) => [row.participant.public_name, row.place]);
const at = (time: string) => new Date(`2026-10-01T${time}Z`);

describe('the rating computed from the results', () => {
  let world: RatingWorld;
  beforeAll(async () => {
    world = await createWorld();
  }, SETUP_TIMEOUT);
  afterAll(() => world.ctx.close());

  test('sums the counting attempts, essays, the final and scored creative works, and shows only the public name', async () => {
    const ann = await participant(world, 'ann', 'senior');
    // Training: the best of several attempts counts per test (8 of 5 and 8), and each training test counts once.
    await attempt(world, ann, 'training', { points: 5, spentSeconds: 100, finishedAt: at('09:00:00') });
    await attempt(world, ann, 'training', { points: 8, spentSeconds: 120, finishedAt: at('09:10:00') });
    await attempt(world, ann, 'training2', { points: 3, spentSeconds: 50, finishedAt: at('09:20:00') });
    // A running attempt has no result yet.
    await attempt(world, ann, 'training2', { points: 99, finishedAt: null });
    await attempt(world, ann, 'first', { points: 7, speed: 2.5, spentSeconds: 900, finishedAt: at('10:00:00') });
    await attempt(world, ann, 'second', { points: 6, speed: 1.25, spentSeconds: 1200, finishedAt: at('11:00:00') });
    // The essay test: its 9 points are staff's grade, shown as essay points, not test points.
    await attempt(world, ann, 'essay', { points: 9, essay: 9, spentSeconds: 2000, finishedAt: at('12:00:00') });
    await finalResult(world, ann, 20);
    await scoredWork(world, ann, 4.5);
    await scoredWork(world, ann, 10, { status: 'rejected' });
    await scoredWork(world, ann, 10, { status: 'moderation' });
    await scoredWork(world, ann, null);

    const body = await rating(world);
    const row = body.data.find((r) => r.participant.public_name === 'ann')!;
    expect(row).toEqual({
      place: 1,
      participant: { id: ann, public_name: 'ann', category: 'senior' },
      total_points: 8 + 3 + 7 + 6 + 2.5 + 1.25 + 9 + 20 + 4.5,
      test_points: 8 + 3 + 7 + 6,
      speed_points: 3.75,
      essay_points: 9,
      final_points: 20,
      creative_points: 4.5,
      time_spent_seconds: 120 + 50 + 900 + 1200 + 2000,
      finished_at: at('12:00:00').toISOString(),
    });
    // Public names only: nothing of the e-mail, full name or birth date travels.
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/Hidden Fullname|Secret Name|@example\.com|2011-03-04/);
    expect(Object.keys(row.participant).sort()).toEqual(['category', 'id', 'public_name']);
  });

  test('a new result shows at the next read, and no cache on the way may keep the old one', async () => {
    const bob = await participant(world, 'bob');
    const before = await world.ctx.app.inject({ method: 'GET', url: '/v1/olympiad/rating' });
    expect(before.headers['cache-control']).toBe('no-store');
    expect((before.json() as RatingResponse).data.some((r) => r.participant.id === bob)).toBe(false);
    await attempt(world, bob, 'first', { points: 1 });
    const after = await rating(world);
    expect(after.data.find((r) => r.participant.id === bob)?.total_points).toBe(1);
  });

  test('the tie rule is published in the caller\'s language', async () => {
    expect((await rating(world, '', undefined, 'en')).tie_rule).toMatch(/total points, then by speed points, then by less time spent, then by the earlier finish.*1, 2, 2, 4/);
    expect((await rating(world, '', undefined, 'ru')).tie_rule).toMatch(/по сумме баллов, затем по баллам за скорость.*1, 2, 2, 4/);
  });

  test('bad filters are refused with a clear message', async () => {
    for (const query of ['?category=adult', '?stage=fifth', '?page=0', '?per_page=101']) {
      const res = await world.ctx.app.inject({ method: 'GET', url: `/v1/olympiad/rating${query}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('ties by the published rule', () => {
  let world: RatingWorld;
  beforeAll(async () => {
    world = await createWorld();
    const add = async (login: string, points: number, speed: number, spentSeconds: number, finishedAt: string) =>
      attempt(world, await participant(world, login), 'first', { points, speed, spentSeconds, finishedAt: at(finishedAt) });
    await add('total11', 11, 0, 900, '10:00:00'); // the most points wins, speed or not
    await add('speed3', 7, 3, 900, '10:00:00'); // 10 points: more speed points first
    await add('fast', 8, 2, 100, '10:00:00'); // 10 points, speed 2: less time first
    await add('early', 8, 2, 200.4, '10:00:00'); // same whole seconds as the next two: the earlier finish
    await add('twinA', 8, 2, 200, '11:00:00'); // equal on all four with twinB: the same place …
    await add('twinB', 8, 2, 200, '11:00:00');
    await add('after', 9, 0, 10, '09:00:00'); // … and the next place is skipped
  }, SETUP_TIMEOUT);
  afterAll(() => world.ctx.close());

  test('total, then speed points, then less time, then the earlier finish; equal on all share a place (1, 2, 2, 4)', async () => {
    const body = await rating(world);
    expect(places(body.data)).toEqual([
      ['total11', 1],
      ['speed3', 2],
      ['fast', 3],
      ['early', 4],
      ['twinA', 5],
      ['twinB', 5],
      ['after', 7],
    ]);
  });

  test('pages split ties without losing their shared place, and an empty page past the end still knows the total', async () => {
    const second = await rating(world, '?per_page=2&page=3');
    expect(places(second.data)).toEqual([
      ['twinA', 5],
      ['twinB', 5],
    ]);
    expect(second.meta).toEqual({ total: 7, current_page: 3, per_page: 2, last_page: 4 });
    const split = await rating(world, '?per_page=5&page=2');
    expect(places(split.data)).toEqual([
      ['twinB', 5],
      ['after', 7],
    ]);
    const past = await rating(world, '?per_page=5&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(7);
  });
});

describe('filters, paging and my own row', () => {
  let world: RatingWorld;
  let me: { token: string; userId: number; login: string };
  beforeAll(async () => {
    world = await createWorld();
    // Six middles ahead of me, a junior and a senior; I am a middle with a training result only.
    for (let i = 1; i <= 6; i++) await attempt(world, await participant(world, `mid${i}`, 'middle'), 'first', { points: 20 - i });
    const junior = await participant(world, 'jun', 'junior');
    await attempt(world, junior, 'training', { points: 30 });
    await attempt(world, junior, 'first', { points: 1 });
    const senior = await participant(world, 'sen', 'senior');
    await finalResult(world, senior, 50);
    await scoredWork(world, senior, 7, { stageKinds: ['final'] });
    await scoredWork(world, senior, 2);
    me = await signedIn(world, 'middle');
    await attempt(world, me.userId, 'training', { points: 2 });
  }, SETUP_TIMEOUT);
  afterAll(() => world.ctx.close());

  test('a category ranks only its participants, from place 1', async () => {
    const body = await rating(world, '?category=junior');
    expect(places(body.data)).toEqual([['jun', 1]]);
    const middle = await rating(world, '?category=middle');
    expect(middle.data.map((r) => r.participant.category)).toEqual(Array(7).fill('middle'));
    expect(middle.data.map((r) => r.place)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('a stage counts only that stage\'s points (creative points only from contests of that stage)', async () => {
    const training = await rating(world, '?stage=training');
    expect(places(training.data)).toEqual([
      ['jun', 1],
      [me.login, 2],
    ]);
    expect(training.data[0].total_points).toBe(30);
    const first = await rating(world, '?stage=first');
    expect(first.data.find((r) => r.participant.public_name === 'jun')!.total_points).toBe(1);
    expect(first.data.some((r) => r.participant.public_name === me.login)).toBe(false);
    const final = await rating(world, '?stage=final');
    expect(final.data).toHaveLength(1);
    expect(final.data[0]).toMatchObject({ participant: { public_name: 'sen' }, final_points: 50, creative_points: 7, total_points: 57 });
    const all = await rating(world);
    expect(all.data.find((r) => r.participant.public_name === 'sen')!.creative_points).toBe(9);
  });

  test('my row comes with every page, even when it is on another one; guests and other categories have none', async () => {
    const body = await rating(world, '?per_page=3&page=1', me.token);
    expect(body.data.map((r) => r.participant.public_name)).not.toContain(me.login);
    expect(body.me).toMatchObject({ place: 9, participant: { id: me.userId, public_name: me.login, category: 'middle' }, total_points: 2 });
    const mine = await rating(world, '?per_page=3&page=3', me.token);
    expect(mine.data.map((r) => r.participant.public_name)).toContain(me.login);
    expect(mine.me?.place).toBe(9);
    expect((await rating(world, '?per_page=3')).me).toBeNull();
    expect((await rating(world, '?category=junior', me.token)).me).toBeNull();
    expect((await rating(world, '?category=middle', me.token)).me?.place).toBe(7);
  });

  test('/me: my place overall and in my category, nothing before a result, participants only', async () => {
    const call = (token?: string) => world.ctx.app.inject({ method: 'GET', url: '/v1/olympiad/rating/me', headers: token ? bearer(token) : {} });
    const res = await call(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as MyRatingResponse;
    expect(body.data).toMatchObject({ place: 9, category_place: 7, participant: { public_name: me.login }, total_points: 2 });

    const newcomer = await signedIn(world, 'senior');
    expect(((await call(newcomer.token)).json() as MyRatingResponse).data).toBeNull();
    expect((await call()).statusCode).toBe(401);
    const shopper = await signIn(world.ctx, 'rating-shopper@example.com', { ip: nextIp() });
    expect((await call(shopper.token)).statusCode).toBe(403);
  });
});
