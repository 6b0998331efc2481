import { and, eq } from 'drizzle-orm';
import { adminAuditLog, users } from '../../../server/db/schema';
import { userChannel } from '../../../shared/api/realtime-events';
import { call, createdBanner, person, setUpBannersKit, subscribe, type Person } from './banners-kit';

/** Moderators decide sellers' banners: claims two people cannot share, approval puts it on the home page, a refusal is told with its reason. */

jest.setTimeout(60_000);
const kit = setUpBannersKit();
let seller: Person;
let russian: Person;

beforeAll(async () => {
  seller = await person(kit().ctx, 'en');
  russian = await person(kit().ctx, 'ru');
  await subscribe(kit().ctx, seller.userId);
  await subscribe(kit().ctx, russian.userId);
});

const claim = (id: number, token: string) => call(kit().ctx, 'POST', `/v1/moderation/banners/${id}/claim`, token);
const approve = (id: number, token: string) => call(kit().ctx, 'POST', `/v1/moderation/banners/${id}/approve`, token);
const reject = (id: number, token: string, reason?: string, lang = 'en') => call(kit().ctx, 'POST', `/v1/moderation/banners/${id}/reject`, token, reason === undefined ? {} : { reason }, lang);
const homeIds = async () => (await call(kit().ctx, 'GET', '/v1/ads/home-banners')).json().data.map((b: { id: number }) => b.id);

test('the queue is for moderators and admins, oldest first, with the seller named', async () => {
  const first = await createdBanner(kit().ctx, seller, { title: 'Первый' });
  const second = await createdBanner(kit().ctx, russian, { title: 'Второй' });
  const res = await call(kit().ctx, 'GET', '/v1/moderation/banners?per_page=100', kit().moderator);
  expect(res.statusCode).toBe(200);
  const ours = res.json().data.filter((b: { id: number }) => [first, second].includes(b.id));
  expect(ours.map((b: { id: number }) => b.id)).toEqual([first, second]);
  expect(ours[0]).toMatchObject({ status: 'moderation', owner: { id: seller.userId, name: expect.any(String) }, claimed_by: null, claimed_by_me: false });
  expect((await call(kit().ctx, 'GET', '/v1/moderation/banners', seller.token)).statusCode).toBe(403);
  expect((await approve(first, seller.token)).statusCode).toBe(403);
  expect((await call(kit().ctx, 'GET', '/v1/moderation/banners')).statusCode).toBe(401);
});

test('two moderators claiming one banner at once: exactly one holds it; the other can neither claim nor decide it', async () => {
  const id = await createdBanner(kit().ctx, seller);
  const [a, b] = await Promise.all([claim(id, kit().moderator), claim(id, kit().admin)]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  const winner = a.statusCode === 200 ? kit().moderator : kit().admin;
  const loser = winner === kit().moderator ? kit().admin : kit().moderator;
  expect((a.statusCode === 200 ? a : b).json().data).toMatchObject({ claimed_by_me: true });
  expect((a.statusCode === 200 ? b : a).json().message).toMatch(/ is deciding this banner now\.$/);
  expect((await approve(id, loser)).statusCode).toBe(409);
  expect((await reject(id, loser, 'Нет')).statusCode).toBe(409);
  expect((await approve(id, winner)).statusCode).toBe(200);
  // Decided: nobody decides it again.
  const again = await reject(id, winner, 'Передумал');
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe('This banner has already been decided.');
});

test('two decisions at once on a free banner: one takes, the other is 409', async () => {
  const id = await createdBanner(kit().ctx, seller);
  const [a, b] = await Promise.all([approve(id, kit().moderator), reject(id, kit().admin, 'Размыто')]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  const mine = (await call(kit().ctx, 'GET', '/v1/ads/my-banners', seller.token)).json().data.find((x: { id: number }) => x.id === id);
  expect(mine.status).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
});

test('approved, the banner appears in the home banners; the seller is told live', async () => {
  const id = await createdBanner(kit().ctx, seller, { title: 'Свежий мёд', title_en: 'Fresh honey' });
  expect(await homeIds()).not.toContain(id);
  const sentBefore = kit().ctx.events.length;
  expect((await claim(id, kit().moderator)).statusCode).toBe(200);
  const res = await approve(id, kit().moderator);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ status: 'approved', live: true });
  expect(await homeIds()).toContain(id);
  const english = (await call(kit().ctx, 'GET', '/v1/ads/home-banners', undefined, undefined, 'en')).json().data.find((b: { id: number }) => b.id === id);
  expect(english).toMatchObject({ title: 'Fresh honey', link: `/user/${seller.userId}`, placement: 'home' });
  expect(english.image.url).toMatch(/\.webp$/);
  const sent = kit().ctx.events.slice(sentBefore).find((e) => e.channel === userChannel(seller.userId) && e.event === 'NotificationSent');
  expect(sent?.data).toMatchObject({ notification: { type: 'banner_moderated', data: { banner_id: id, status: 'approved' }, title: 'Banner approved' } });
  // Not on the other placement.
  const regular = (await call(kit().ctx, 'GET', '/v1/ads/regular-banners')).json().data;
  expect(regular.some((b: { id: number }) => b.id === id)).toBe(false);
});

test('rejected with a reason: the seller reads it in their list and is notified in their own language; no reason is refused', async () => {
  const id = await createdBanner(kit().ctx, russian, { title: 'Мутная картинка' });
  const blank = await reject(id, kit().moderator, '   ');
  expect(blank.statusCode).toBe(422);
  expect(blank.json().errors.reason).toEqual(['Write the reason for rejecting: the seller will see it.']);
  expect((await reject(id, kit().moderator)).statusCode).toBe(422);
  const sentBefore = kit().ctx.events.length;
  // The moderator reads English; the seller reads Russian.
  const res = await reject(id, kit().moderator, 'Картинка размыта', 'en');
  expect(res.statusCode).toBe(200);
  const mine = (await call(kit().ctx, 'GET', '/v1/ads/my-banners', russian.token)).json().data.find((b: { id: number }) => b.id === id);
  expect(mine).toMatchObject({ status: 'rejected', rejection_reason: 'Картинка размыта', live: false });
  const sent = kit().ctx.events.slice(sentBefore).find((e) => e.channel === userChannel(russian.userId) && e.event === 'NotificationSent');
  expect(sent?.data).toMatchObject({
    notification: { type: 'banner_moderated', title: 'Баннер отклонён', body: 'Баннер «Мутная картинка» не прошёл модерацию. Причина: Картинка размыта', data: { banner_id: id, status: 'rejected' } },
  });
  const stored = (await call(kit().ctx, 'GET', '/v1/notifications', russian.token)).json().data;
  expect(stored.some((n: { type: string }) => n.type === 'banner_moderated')).toBe(true);
  expect(await homeIds()).not.toContain(id);
});

test('each decision is in the audit log with the moderator and the reason; a refused one writes nothing', async () => {
  const approved = await createdBanner(kit().ctx, seller);
  const rejected = await createdBanner(kit().ctx, seller);
  expect((await approve(approved, kit().moderator)).statusCode).toBe(200);
  expect((await reject(rejected, kit().admin, 'Слишком мелко')).statusCode).toBe(200);
  expect((await approve(approved, kit().admin)).statusCode).toBe(409);
  const audit = (id: number) => kit().ctx.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, 'banner'), eq(adminAuditLog.targetId, id)));
  const idOf = async (email: string) => (await kit().ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const [moderatorId, adminId] = await Promise.all([idOf('moderator@example.com'), idOf('admin@example.com')]);
  expect(await audit(approved)).toEqual([
    expect.objectContaining({ actorId: moderatorId, action: 'moderation.approve', before: { status: 'moderation' }, after: { status: 'approved' }, reason: null }),
  ]);
  expect(await audit(rejected)).toEqual([expect.objectContaining({ actorId: adminId, action: 'moderation.reject', after: { status: 'rejected' }, reason: 'Слишком мелко' })]);
});

test('an approved banner is served only within its dates', async () => {
  const later = await createdBanner(kit().ctx, seller, { starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(), ends_at: new Date(Date.now() + 9 * 86_400_000).toISOString() });
  expect((await approve(later, kit().moderator)).json().data).toMatchObject({ status: 'approved', live: false });
  expect(await homeIds()).not.toContain(later);
  // Unknown banners are 404.
  expect((await claim(999_999, kit().moderator)).statusCode).toBe(404);
});
