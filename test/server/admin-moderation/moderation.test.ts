import { and, eq } from 'drizzle-orm';
import { adminAuditLog, notifications, users } from '../../../server/db/schema';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { SETUP_TIMEOUT, signIn } from '../helpers/test-app';
import {
  adCategoryId,
  api,
  createBusinessAwaitingModeration,
  createCatalogApp,
  createProduct,
  moderatorToken,
  type CatalogTestContext,
} from '../catalog/catalog-helpers';

/** Moderation of businesses, ads and products (issue 17 item 3) through the real app. */

let ctx: CatalogTestContext;
let admin: string;
let support: string;
let ip = 0;
const nextIp = () => `10.251.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
const person = (name: string) => signIn(ctx, `moderation-${name}-${Date.now()}@example.com`, { ip: nextIp() });

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  admin = (await signIn(ctx, 'admin@example.com', { ip: nextIp() })).token;
  support = (await signIn(ctx, 'support@example.com', { ip: nextIp() })).token;
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const searchNames = async (q: string, token?: string) => {
  const res = await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent(q)}&type=business`, token);
  expect(res.status).toBe(200);
  return JSON.stringify(res.body);
};
const listed = async (name: string, token?: string) => {
  const res = await api(ctx, 'GET', `/v1/get-business?q=${encodeURIComponent(name)}&per_page=50`, token);
  return (res.body.data as Array<{ name: string }>).some((b) => b.name === name);
};

describe('a business waits for approval before it is public', () => {
  test('pending: hidden from guests and other users in lists, search and its page, visible to its owner; approve shows it; reject hides it with the reason; an edit resubmits', async () => {
    const [owner, other] = await Promise.all([person('owner'), person('other')]);
    const moderator = await moderatorToken(ctx);
    const name = 'Лавка Модерации Кваркус';
    const business = await createBusinessAwaitingModeration(ctx, owner.token, { name, name_en: 'Quarkus Shop' });
    expect(business.moderation).toEqual({ status: 'pending', reason: null });
    const product = await createProduct(ctx, owner.token, business.id, { name: 'Кваркусный сыр' });

    for (const token of [undefined, other.token]) {
      expect(await listed(name, token)).toBe(false);
      expect(await searchNames('Кваркус', token)).not.toContain(name);
      expect((await api(ctx, 'GET', `/v1/business/${business.id}`, token)).status).toBe(404);
      // Its products are hidden with it.
      expect((await api(ctx, 'GET', `/v1/products/${product.id}`, token)).status).toBe(404);
    }
    const own = await api(ctx, 'GET', `/v1/business/${business.id}`, owner.token);
    expect(own.status).toBe(200);
    expect(own.body.data.moderation).toEqual({ status: 'pending', reason: null });
    expect(((await api(ctx, 'GET', '/v1/business', owner.token)).body.data as Array<{ id: number }>).map((b) => b.id)).toContain(business.id);
    // A hidden product cannot be bought.
    const cart = await api(ctx, 'POST', '/v1/cart/items', other.token, { product_id: product.id, quantity: 1 });
    expect(cart.status).toBe(422);

    // In the queue, oldest first, as a buyer sees it, with its owner; the admin counts it.
    const queue = await api(ctx, 'GET', '/v1/admin/moderation/businesses', moderator);
    expect(queue.status).toBe(200);
    const item = (queue.body.data as Array<{ id: number; business: { name: string }; owner: { id: number }; status: string }>).find((i) => i.id === business.id)!;
    expect(item).toMatchObject({ business: { name }, owner: { id: owner.userId }, status: 'pending', texts: { name }, claimed_by: null });
    const counts = await api(ctx, 'GET', '/v1/admin/counts', moderator);
    expect(counts.body.data.businesses).toBeGreaterThanOrEqual(1);

    // Rejected with a reason: still hidden; the owner reads the reason on their item and in a notification.
    expect((await api(ctx, 'POST', `/v1/admin/moderation/businesses/${business.id}/claim`, moderator)).status).toBe(200);
    const empty = await api(ctx, 'POST', `/v1/admin/moderation/businesses/${business.id}/reject`, moderator, { reason: '  ' }, 'en');
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Write the reason the owner will read.');
    expect((await api(ctx, 'POST', `/v1/admin/moderation/businesses/${business.id}/reject`, moderator, { reason: 'Нет адреса дома' })).status).toBe(200);
    expect((await api(ctx, 'GET', `/v1/business/${business.id}`)).status).toBe(404);
    expect((await api(ctx, 'GET', `/v1/business/${business.id}`, owner.token)).body.data.moderation).toEqual({ status: 'rejected', reason: 'Нет адреса дома' });
    const [notice] = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, owner.userId), eq(notifications.type, 'moderation')));
    expect(notice.body).toContain('Нет адреса дома');
    expect(notice.data).toMatchObject({ kind: 'businesses', id: business.id, status: 'rejected', link: `/stores/${business.id}` });

    // The owner fixes it: back in the queue, marked as resubmitted.
    const fixed = await api(ctx, 'POST', `/v1/business/${business.id}`, owner.token, {
      kind: 'store',
      category_id: own.body.data.category.id,
      name,
      address: 'Москва, ул. Полевая, 1, дом 2',
      working_hours: own.body.data.working_hours,
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.moderation.status).toBe('pending');
    const resubmitted = await api(ctx, 'GET', '/v1/admin/moderation/businesses?filter=resubmitted', moderator);
    expect((resubmitted.body.data as Array<{ id: number; previous_reason: string }>).find((i) => i.id === business.id)?.previous_reason).toBe('Нет адреса дома');

    // Approved: public in lists, search and its page, with its products; audit rows written.
    expect((await api(ctx, 'POST', `/v1/admin/moderation/businesses/${business.id}/claim`, moderator)).status).toBe(200);
    expect((await api(ctx, 'POST', `/v1/admin/moderation/businesses/${business.id}/approve`, moderator)).status).toBe(200);
    expect(await listed(name)).toBe(true);
    expect(await searchNames('Кваркус')).toContain(name);
    expect((await api(ctx, 'GET', `/v1/business/${business.id}`)).status).toBe(200);
    expect((await api(ctx, 'GET', `/v1/products/${product.id}`)).status).toBe(200);
    const audit = await ctx.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, 'business'), eq(adminAuditLog.targetId, business.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['moderation.approve', 'moderation.reject']);
    expect(audit.find((row) => row.action === 'moderation.reject')?.reason).toBe('Нет адреса дома');
  });
});

describe('claiming', () => {
  test('the second moderator gets 409 while the first holds it; deciding without a claim is 409; bulk approve takes only what it can claim', async () => {
    const owner = await person('claims');
    const moderator = await moderatorToken(ctx);
    const [a, b] = await Promise.all([
      createBusinessAwaitingModeration(ctx, owner.token, { name: 'Лавка Один' }),
      createBusinessAwaitingModeration(ctx, owner.token, { name: 'Лавка Два' }),
    ]);
    expect((await api(ctx, 'POST', `/v1/admin/moderation/businesses/${a.id}/claim`, moderator)).status).toBe(200);
    const second = await api(ctx, 'POST', `/v1/admin/moderation/businesses/${a.id}/claim`, admin, undefined, 'en');
    expect(second.status).toBe(409);
    expect(JSON.stringify(second.body)).toContain('is deciding this item now');
    expect((await api(ctx, 'POST', `/v1/admin/moderation/businesses/${a.id}/approve`, admin)).status).toBe(409);
    const unclaimed = await api(ctx, 'POST', `/v1/admin/moderation/businesses/${b.id}/approve`, moderator, undefined, 'en');
    expect(unclaimed.status).toBe(409);
    expect(JSON.stringify(unclaimed.body)).toContain('Claim the item before deciding it.');

    const bulk = await api(ctx, 'POST', '/v1/admin/moderation/businesses/approve', admin, { ids: [a.id, b.id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data).toEqual({ approved: [b.id], refused: [a.id] });
    // Decided already: 409 for everyone.
    expect((await api(ctx, 'POST', `/v1/admin/moderation/businesses/${b.id}/claim`, moderator)).status).toBe(409);
  });
});

describe('roles', () => {
  test('a plain user and support get 403; only an admin changes the setting, which is audited and applies to the next submission', async () => {
    const user = await person('plain');
    const moderator = await moderatorToken(ctx);
    for (const token of [user.token, support]) {
      expect((await api(ctx, 'GET', '/v1/admin/moderation/businesses', token)).status).toBe(403);
      expect((await api(ctx, 'POST', '/v1/admin/moderation/ads/1/claim', token)).status).toBe(403);
      expect((await api(ctx, 'GET', '/v1/admin/moderation-settings', token)).status).toBe(403);
    }
    const put = (token: string, value: boolean) =>
      ctx.app.inject({ method: 'PUT', url: '/v1/admin/moderation-settings/ads', headers: { authorization: `Bearer ${token}` }, payload: { approval_before_public: value } });
    expect((await put(moderator, true)).statusCode).toBe(403);
    const changed = await put(admin, true);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ kind: 'ads', approval_before_public: true });
    const [row] = await ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'moderation.setting'));
    expect(row).toMatchObject({ before: { kind: 'ads', approval_before_public: false }, after: { kind: 'ads', approval_before_public: true } });

    const ad = await api(ctx, 'POST', '/v1/ads', user.token, { category_id: await adCategoryId(ctx, 'electronics'), title: 'Наушники Зеттафон', price: 100000 });
    expect(ad.status).toBe(201);
    expect(ad.body.data.moderation.status).toBe('pending');
    expect((await api(ctx, 'GET', `/v1/ads/${ad.body.data.id}`)).status).toBe(404);
    expect((await put(admin, false)).statusCode).toBe(200);
  });
});

describe('post-moderation', () => {
  test('an ad under review is public at once and hidden once rejected; the owner is told in English when they read English', async () => {
    const seller = await person('ads');
    await ctx.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, seller.userId));
    const moderator = await moderatorToken(ctx);
    const ad = await api(ctx, 'POST', '/v1/ads', seller.token, { category_id: await adCategoryId(ctx, 'electronics'), title: 'Велосипед Ультрамарин', price: 500000 });
    expect(ad.status).toBe(201);
    const id = ad.body.data.id as number;
    expect(ad.body.data.moderation.status).toBe('review');
    expect((await api(ctx, 'GET', `/v1/ads/${id}`)).status).toBe(200);
    const queue = await api(ctx, 'GET', '/v1/admin/moderation/ads?filter=review', moderator);
    expect((queue.body.data as Array<{ id: number }>).map((i) => i.id)).toContain(id);

    expect((await api(ctx, 'POST', `/v1/admin/moderation/ads/${id}/claim`, moderator)).status).toBe(200);
    expect((await api(ctx, 'POST', `/v1/admin/moderation/ads/${id}/reject`, moderator, { reason: 'Stolen photos' })).status).toBe(200);
    expect((await api(ctx, 'GET', `/v1/ads/${id}`)).status).toBe(404);
    expect((await api(ctx, 'GET', `/v1/ads/${id}`, seller.token)).body.data.moderation).toEqual({ status: 'rejected', reason: 'Stolen photos' });
    const [notice] = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, seller.userId), eq(notifications.type, 'moderation')));
    expect(notice.title).toBe('Not published');
    expect(notice.body).toContain('Stolen photos');
  });
});
