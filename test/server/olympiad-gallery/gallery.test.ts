import { sql } from 'drizzle-orm';
import type { GalleryResponse, GalleryWork } from '../../../shared/api/olympiad-works';
import { WORK_SORTS, type WorkSort } from '../../../shared/validation/olympiad-works-rules';
import { SETUP_TIMEOUT, bearer, createTestApp, type TestContext } from '../helpers/test-app';
import { createContest, createParticipant, insertWork, type FixtureParticipant } from '../helpers/works-fixtures';

let ctx: TestContext;
let contestA: number;
let contestB: number;
let junior: FixtureParticipant;
let senior: FixtureParticipant;
let viewer: FixtureParticipant;

/** What the fixtures stored, to work out each order independently of the server. */
interface Stored {
  id: number;
  title: string;
  likes: number;
  publishedAt: number;
  contestId: number;
  category: string;
}
const published: Stored[] = [];
let hidden: { moderation: number; rejected: number };

const base = Date.parse('2026-11-01T10:00:00Z');
// Ties on purpose: equal counts, equal publication times, titles that differ only in case or ё/е.
const TITLES = ['Зима', 'зимний лес', 'Ёжик', 'Ель', 'apple', 'Apple', 'Banana', 'ёлка', 'Море', 'мост', 'Zebra', 'акварель', 'Лето', 'лето', 'Осень', 'Весна'];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  [contestA, contestB] = [await createContest(db, 'Зимняя сказка', 'Winter tale'), await createContest(db, 'Моя семья', 'My family')];
  junior = await createParticipant(db, { category: 'junior' });
  senior = await createParticipant(db, { category: 'senior' });
  viewer = await createParticipant(db);
  for (const [i, title] of TITLES.entries()) {
    const author = i % 2 ? senior : junior;
    const fixture = {
      participantId: author.userId,
      contestId: i % 3 ? contestA : contestB,
      category: author === senior ? ('senior' as const) : ('junior' as const),
      title,
      likesCount: [0, 3, 3, 7, 1, 0][i % 6],
      // Pairs published in the same instant.
      publishedAt: new Date(base + Math.floor(i / 2) * 60_000),
    };
    const id = await insertWork(db, fixture);
    published.push({ id, title, likes: fixture.likesCount, publishedAt: fixture.publishedAt.getTime(), contestId: fixture.contestId, category: fixture.category });
  }
  hidden = {
    moderation: await insertWork(db, { participantId: junior.userId, contestId: contestA, category: 'junior', status: 'moderation', title: 'На модерации' }),
    rejected: await insertWork(db, { participantId: junior.userId, contestId: contestA, category: 'junior', status: 'rejected', title: 'Отклонена' }),
  };
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const get = (url: string, token?: string, lang = 'en') => ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) } });

/** Every page of the gallery for a query, following next_cursor to the end. */
async function walk(query: string, perPage: number, token?: string): Promise<{ works: GalleryWork[]; pages: number; totals: number[] }> {
  const works: GalleryWork[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(`/v1/olympiad/gallery?per_page=${perPage}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as GalleryResponse;
    expect(body.data.length).toBeLessThanOrEqual(perPage);
    works.push(...body.data);
    totals.push(body.meta.total);
    cursor = body.meta.next_cursor;
    pages++;
    if (pages > 100) throw new Error('the cursor never ends');
  } while (cursor);
  return { works, pages, totals };
}

const titleKey = (title: string) => title.toLowerCase().replaceAll('ё', 'е');
const byKey = <T>(key: (w: Stored) => T, descending: boolean) => (a: Stored, b: Stored) => {
  const [x, y] = [key(a), key(b)];
  const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
  return descending ? -order : order;
};
const EXPECTED_ORDER: Record<WorkSort, (a: Stored, b: Stored) => number> = {
  newest: byKey((w) => w.publishedAt, true),
  oldest: byKey((w) => w.publishedAt, false),
  likes_desc: byKey((w) => w.likes, true),
  likes_asc: byKey((w) => w.likes, false),
  title_asc: byKey((w) => titleKey(w.title), false),
  title_desc: byKey((w) => titleKey(w.title), true),
};
const expectedIds = (sort: WorkSort, keep: (w: Stored) => boolean = () => true) => published.filter(keep).sort(EXPECTED_ORDER[sort]).map((w) => w.id);

describe('the six sorts', () => {
  test.each(WORK_SORTS)('%s: every published work once, in order, page after page (ties broken by id)', async (sort) => {
    const { works, pages, totals } = await walk(`&sort=${sort}`, 5);
    expect(works.map((w) => w.id)).toEqual(expectedIds(sort));
    expect(pages).toBe(Math.ceil(published.length / 5));
    expect(new Set(totals)).toEqual(new Set([published.length]));
  });

  test('newest is the default; one page with room to spare has no next cursor', async () => {
    const res = await get('/v1/olympiad/gallery?per_page=60');
    const body = res.json() as GalleryResponse;
    expect(body.data.map((w) => w.id)).toEqual(expectedIds('newest'));
    expect(body.meta).toEqual({ next_cursor: null, total: published.length });
  });

  test('names A–Z read case and ё the way people do: apple beside Apple, Ёжик among the Е words', async () => {
    const { works } = await walk('&sort=title_asc', 60);
    const titles = works.map((w) => w.title);
    expect(titles.slice(0, 2).sort()).toEqual(['Apple', 'apple']);
    // «ёжик» reads «ежик», «ёлка» «елка»: both before «ель», all before «зима».
    expect(titles.indexOf('Ёжик')).toBeLessThan(titles.indexOf('ёлка'));
    expect(titles.indexOf('ёлка')).toBeLessThan(titles.indexOf('Ель'));
    expect(titles.indexOf('Ель')).toBeLessThan(titles.indexOf('Зима'));
  });
});

describe('filters', () => {
  test('by contest, by category and by both, each with its own total, walked to the end', async () => {
    const cases: Array<[string, (w: Stored) => boolean]> = [
      [`&contest_id=${contestA}`, (w) => w.contestId === contestA],
      [`&contest_id=${contestB}`, (w) => w.contestId === contestB],
      ['&category=senior', (w) => w.category === 'senior'],
      ['&category=middle', () => false],
      [`&contest_id=${contestB}&category=junior`, (w) => w.contestId === contestB && w.category === 'junior'],
    ];
    for (const [query, keep] of cases) {
      for (const sort of ['likes_desc', 'title_asc', 'oldest'] as const) {
        const { works, totals } = await walk(`${query}&sort=${sort}`, 2);
        expect(works.map((w) => w.id)).toEqual(expectedIds(sort, keep));
        expect(totals[0]).toBe(published.filter(keep).length);
      }
    }
  });

  test('a contest each work names, in the reader\'s language', async () => {
    const en = (await get(`/v1/olympiad/gallery?contest_id=${contestA}&per_page=1`)).json().data[0];
    const ru = (await get(`/v1/olympiad/gallery?contest_id=${contestA}&per_page=1`, undefined, 'ru')).json().data[0];
    expect(en.contest.id).toBe(contestA);
    expect(en.contest.title).toMatch(/^Winter tale/);
    expect(ru.contest.title).toMatch(/^Зимняя сказка/);
  });
});

describe('what the public sees', () => {
  test('the author by login and category only: no e-mail, full name or birth date anywhere', async () => {
    const res = await get('/v1/olympiad/gallery?per_page=60', viewer.token);
    for (const person of [junior, senior]) {
      for (const secret of [person.email, person.fullName, person.birthDate, 'Художникова', '2011']) expect(res.body).not.toContain(secret);
    }
    const work = (res.json() as GalleryResponse).data.find((w) => w.author.id === junior.userId)!;
    expect(work.author).toEqual({ id: junior.userId, public_name: junior.login, category: 'junior' });
    expect(work).toMatchObject({ image: null, file_kind: 'image', file_url: `/v1/olympiad/works/${work.id}/file`, mine: false, liked: false });
    const one = await get(`/v1/olympiad/gallery/${work.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.author).toEqual({ id: junior.userId, public_name: junior.login, category: 'junior' });
    expect(one.body).not.toContain(junior.email);
    expect(one.body).not.toContain(junior.fullName);
  });

  test('liked is null for a guest, and mine marks the author\'s own works', async () => {
    const guest = (await get('/v1/olympiad/gallery?per_page=60')).json() as GalleryResponse;
    expect(guest.data.every((w) => w.liked === null && !w.mine)).toBe(true);
    const own = (await get('/v1/olympiad/gallery?per_page=60', senior.token)).json() as GalleryResponse;
    expect(own.data.filter((w) => w.mine).map((w) => w.author.id)).toEqual(own.data.filter((w) => w.author.id === senior.userId).map(() => senior.userId));
    expect(own.data.some((w) => w.mine)).toBe(true);
  });

  test('works on moderation or rejected stay out of the gallery; their author alone opens them', async () => {
    const all = (await walk('&sort=newest', 60)).works.map((w) => w.id);
    expect(all).not.toContain(hidden.moderation);
    expect(all).not.toContain(hidden.rejected);
    for (const id of [hidden.moderation, hidden.rejected]) {
      expect((await get(`/v1/olympiad/gallery/${id}`)).statusCode).toBe(404);
      expect((await get(`/v1/olympiad/gallery/${id}`, viewer.token)).statusCode).toBe(404);
      const own = await get(`/v1/olympiad/gallery/${id}`, junior.token);
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ id, mine: true });
    }
    expect((await get('/v1/olympiad/gallery/999999')).statusCode).toBe(404);
  });

  test('the total follows publication whoever changes it (approve, withdraw, delete)', async () => {
    const db = ctx.database.db;
    const total = async () => ((await get(`/v1/olympiad/gallery?contest_id=${contestA}&category=junior`)).json() as GalleryResponse).meta.total;
    const before = await total();
    const extra = await insertWork(db, { participantId: junior.userId, contestId: contestA, category: 'junior', status: 'moderation' });
    expect(await total()).toBe(before);
    await db.execute(sql`update creative_works set status = 'approved', published_at = now() where id = ${extra}`);
    expect(await total()).toBe(before + 1);
    await db.execute(sql`update creative_works set status = 'rejected' where id = ${extra}`);
    expect(await total()).toBe(before);
    await db.execute(sql`update creative_works set status = 'approved' where id = ${extra}`);
    await db.execute(sql`delete from creative_works where id = ${extra}`);
    expect(await total()).toBe(before);
  });
});

describe('the cursor', () => {
  test('likes between pages shift nothing: each work whose count did not change comes exactly once', async () => {
    const db = ctx.database.db;
    const seen: number[] = [];
    const moved = new Set<number>();
    let cursor: string | null = null;
    let step = 0;
    do {
      const res = await get(`/v1/olympiad/gallery?sort=likes_desc&per_page=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const body = res.json() as GalleryResponse;
      seen.push(...body.data.map((w) => w.id));
      cursor = body.meta.next_cursor;
      // Someone likes a work not yet shown, and one already shown, between every two pages.
      const ahead = published.find((w) => !seen.includes(w.id) && !moved.has(w.id));
      const behind = published.find((w) => seen.includes(w.id) && !moved.has(w.id));
      for (const work of [ahead, behind]) {
        if (!work) continue;
        moved.add(work.id);
        await db.execute(sql`update creative_works set likes_count = likes_count + 5 where id = ${work.id}`);
      }
      step++;
    } while (cursor && step < 50);
    const steady = published.filter((w) => !moved.has(w.id)).map((w) => w.id);
    for (const id of steady) expect(seen.filter((s) => s === id)).toHaveLength(1);
    await db.execute(sql`update creative_works set likes_count = likes_count - 5 where id in ${sql.raw(`(${[...moved].join(',')})`)}`);
  });

  test('a tampered cursor, or one from another sort, is a translated 422 on the cursor field', async () => {
    const first = (await get('/v1/olympiad/gallery?sort=likes_desc&per_page=2')).json() as GalleryResponse;
    const cursor = first.meta.next_cursor!;
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of ['not-a-cursor', forged(['likes_desc', 'x', 1]), forged(['likes_desc', 1, 0]), forged(['likes_desc', -1, 1]), forged(['likes_desc', 1e300, 1]), forged({ sort: 'likes_desc' })]) {
      const res = await get(`/v1/olympiad/gallery?sort=likes_desc&cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cursor).toEqual(['The list has changed: open it again from the first page.']);
    }
    // Keys the database could not take (a NUL in text) or any safe number of microseconds: a 422 or a page, never a 500.
    expect((await get(`/v1/olympiad/gallery?sort=title_asc&cursor=${forged(['title_asc', 'a\u0000b', 1])}`)).statusCode).toBe(422);
    for (const micros of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0]) {
      expect((await get(`/v1/olympiad/gallery?sort=newest&cursor=${forged(['newest', micros, 1])}`)).statusCode).toBe(200);
    }
    const otherSort = await get(`/v1/olympiad/gallery?sort=title_asc&cursor=${encodeURIComponent(cursor)}`, undefined, 'ru');
    expect(otherSort.statusCode).toBe(422);
    expect(otherSort.json().errors.cursor).toEqual(['Список изменился: откройте его с первой страницы.']);
  });

  test('bad sort, category or page size is a 422', async () => {
    for (const query of ['sort=random', 'category=adult', 'per_page=61', 'per_page=0', 'contest_id=0']) {
      expect((await get(`/v1/olympiad/gallery?${query}`)).statusCode).toBe(422);
    }
  });
});
