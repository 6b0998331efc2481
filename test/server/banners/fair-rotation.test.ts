import { banners } from '../../../server/db/schema';
import { rotateBanners, rotationTurns } from '../../../server/modules/banners/fair-rotation';
import { call, createdBanner, person, setUpBannersKit, subscribe } from './banners-kit';

/** Sellers take equal turns at the first place, however many banners each has; house banners are one more "seller". */

type B = { id: number; ownerId: number | null };

const live: B[] = [
  // Two house banners in the staff's order, a seller with five banners, two sellers with one each.
  { id: 1, ownerId: null },
  { id: 2, ownerId: null },
  ...[10, 11, 12, 13, 14].map((id) => ({ id, ownerId: 7 })),
  { id: 20, ownerId: 8 },
  { id: 30, ownerId: 9 },
];

function firstPlaces(banners: B[], turns: number) {
  const counts = new Map<string, number>();
  for (let t = 0; t < turns; t++) {
    const first = rotateBanners(banners, t)[0];
    const key = String(first.ownerId ?? 'house');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

describe('rotateBanners', () => {
  test('over many requests every seller leads equally often, whatever their number of banners', () => {
    expect(firstPlaces(live, 10_000)).toEqual({ house: 2_500, 7: 2_500, 8: 2_500, 9: 2_500 });
    // Any window of S consecutive turns gives each of the S sellers the first place once.
    for (let start = 0; start < 50; start++) {
      const window = [0, 1, 2, 3].map((i) => rotateBanners(live, start + i)[0].ownerId);
      expect(new Set(window).size).toBe(4);
    }
  });

  test('every live banner is shown on every turn, sellers interleaved', () => {
    for (let t = 0; t < 40; t++) {
      const shown = rotateBanners(live, t);
      expect(shown.map((b) => b.id).sort((a, b) => a - b)).toEqual(live.map((b) => b.id).sort((a, b) => a - b));
      // The first four places are four different sellers.
      expect(new Set(shown.slice(0, 4).map((b) => b.ownerId)).size).toBe(4);
    }
  });

  test('a seller’s own banners take turns leading among theirs; house banners keep the staff’s order', () => {
    const leadsOfSeven = new Map<number, number>();
    for (let t = 0; t < 4 * 5 * 100; t++) {
      const own = rotateBanners(live, t).filter((b) => b.ownerId === 7);
      leadsOfSeven.set(own[0].id, (leadsOfSeven.get(own[0].id) ?? 0) + 1);
      expect(rotateBanners(live, t).filter((b) => b.ownerId === null).map((b) => b.id)).toEqual([1, 2]);
    }
    expect(Object.fromEntries(leadsOfSeven)).toEqual({ 10: 400, 11: 400, 12: 400, 13: 400, 14: 400 });
  });

  test('nothing live gives an empty list; one seller alone always leads', () => {
    expect(rotateBanners([], 3)).toEqual([]);
    expect(rotateBanners([{ id: 5, ownerId: 4 }], 17)).toEqual([{ id: 5, ownerId: 4 }]);
  });

  test('the turn counter advances per placement', () => {
    const turns = rotationTurns();
    expect([turns.next('home'), turns.next('home'), turns.next('regular'), turns.next('home')]).toEqual([0, 1, 0, 2]);
  });
});

describe('through the API', () => {
  jest.setTimeout(60_000);
  const kit = setUpBannersKit();

  test('GET /v1/ads/home-banners: three sellers (one with four banners) and the house take equal first places', async () => {
    const { ctx, moderator } = kit();
    const sellers = [await person(ctx), await person(ctx), await person(ctx)];
    const ids: number[] = [];
    for (const [index, seller] of sellers.entries()) {
      await subscribe(ctx, seller.userId);
      for (let i = 0; i < (index === 0 ? 4 : 1); i++) ids.push(await createdBanner(ctx, seller, { title: `Баннер ${index}-${i}` }));
    }
    for (const id of ids) expect((await call(ctx, 'POST', `/v1/moderation/banners/${id}/approve`, moderator)).statusCode).toBe(200);
    // The fresh database has no house banners: add one, as the seed does (approved, no owner).
    await ctx.database.db.insert(banners).values({ placement: 'home', title: 'Дом', link: '/page/stores' });
    const counts = new Map<string, number>();
    const requests = 4 * 50;
    for (let i = 0; i < requests; i++) {
      const list = (await call(ctx, 'GET', '/v1/ads/home-banners')).json().data as Array<{ id: number; title: string }>;
      expect(list).toHaveLength(7);
      const first = list[0];
      const who = first.title === 'Дом' ? 'house' : `seller ${first.title.split(' ')[1].split('-')[0]}`;
      counts.set(who, (counts.get(who) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ house: 50, 'seller 0': 50, 'seller 1': 50, 'seller 2': 50 });
  });
});
