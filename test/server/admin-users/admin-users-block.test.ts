import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { BLOCK_REASON_MAX } from '../../../shared/validation/admin-users';
import { nextIp, registerVerified } from '../olympiad/olympiad-helpers';
import { call, person, setUpUsersKit, signInByCode } from './admin-users-kit';

/** Blocking, unblocking and roles (issue 17 item 2): what the blocked person, the staff and the audit log see. */

jest.setTimeout(60_000);
const kit = setUpUsersKit();

test('a blocked person’s token stops working at once, their sockets are closed, and signing in says why in their language', async () => {
  const { ctx, admin } = kit();
  const spammer = await person(ctx, 'Spam Sender');
  expect((await call(ctx, 'GET', '/v1/profile', spammer.token)).statusCode).toBe(200);

  const res = await call(ctx, 'POST', `/v1/admin/users/${spammer.userId}/block`, admin.token, { reason: '  Spam in chats  ' });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ blocked: { reason: 'Spam in chats', by: { id: admin.userId } }, sessions: [] });
  expect((await call(ctx, 'GET', '/v1/profile', spammer.token)).statusCode).toBe(401);
  expect(ctx.terminated).toContain(spammer.userId);

  const en = await signInByCode(ctx, spammer.address, 'en');
  expect(en.statusCode).toBe(403);
  expect(en.json().message).toBe('Your account is blocked. Reason: Spam in chats');
  const ru = await signInByCode(ctx, spammer.address, 'ru');
  expect(ru.statusCode).toBe(403);
  expect(ru.json().message).toBe('Ваш аккаунт заблокирован. Причина: Spam in chats');

  // Unblocked, they sign in again and their new token works.
  const unblocked = await call(ctx, 'POST', `/v1/admin/users/${spammer.userId}/unblock`, admin.token);
  expect(unblocked.statusCode).toBe(200);
  expect(unblocked.json().data.blocked).toBeNull();
  const again = await signInByCode(ctx, spammer.address);
  expect(again.statusCode).toBe(200);
  expect((await call(ctx, 'GET', '/v1/profile', again.json().token)).statusCode).toBe(200);
});

test('an olympiad participant blocked by staff cannot sign in with their password either', async () => {
  const { ctx, moderator } = kit();
  const account = await registerVerified(ctx);
  expect((await call(ctx, 'POST', `/v1/admin/users/${account.userId}/block`, moderator.token, { reason: 'Cheating' })).statusCode).toBe(200);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/v1/olympiad/login',
    payload: { login: account.body.login, password: account.body.password },
    headers: { 'accept-language': 'en' },
    remoteAddress: nextIp(),
  });
  expect(login.statusCode).toBe(403);
  expect(login.json().message).toBe('Your account is blocked. Reason: Cheating');
});

test('a token missed by the block (the second line): a blocked account’s live token is refused all the same', async () => {
  const { ctx } = kit();
  const someone = await person(ctx, 'Second Line');
  await ctx.database.db.update(users).set({ blockedAt: new Date(), blockedReason: 'x' }).where(eq(users.id, someone.userId));
  expect((await call(ctx, 'GET', '/v1/profile', someone.token)).statusCode).toBe(401);
});

test('bad input and self-harm are refused with a clear message, and nothing changes', async () => {
  const { ctx, admin, moderator } = kit();
  const target = await person(ctx, 'Target Person');
  const empty = await call(ctx, 'POST', `/v1/admin/users/${target.userId}/block`, admin.token, { reason: '   ' });
  expect(empty.statusCode).toBe(422);
  expect(empty.json().errors).toEqual({ reason: ['Give the reason.'] });
  const long = await call(ctx, 'POST', `/v1/admin/users/${target.userId}/block`, admin.token, { reason: 'x'.repeat(BLOCK_REASON_MAX + 1) });
  expect(long.statusCode).toBe(422);
  expect(Object.keys(long.json().errors)).toEqual(['reason']);

  const self = await call(ctx, 'POST', `/v1/admin/users/${moderator.userId}/block`, moderator.token, { reason: 'me' });
  expect(self.statusCode).toBe(409);
  expect(self.json().message).toBe('You cannot block yourself.');
  const selfRu = await call(ctx, 'POST', `/v1/admin/users/${admin.userId}/block`, admin.token, { reason: 'я' }, 'ru');
  expect(selfRu.json().message).toBe('Нельзя заблокировать самого себя.');

  const unknownRole = await call(ctx, 'PUT', `/v1/admin/users/${target.userId}/role`, admin.token, { role: 'owner' });
  expect(unknownRole.statusCode).toBe(422);
  expect(unknownRole.json().errors).toEqual({ role: ['There is no such role.'] });
  const unknownRu = await call(ctx, 'PUT', `/v1/admin/users/${target.userId}/role`, admin.token, { role: 'owner' }, 'ru');
  expect(unknownRu.json().errors).toEqual({ role: ['Такой роли нет.'] });

  expect((await call(ctx, 'GET', `/v1/admin/users/999999`, admin.token)).statusCode).toBe(404);
  const detail = (await call(ctx, 'GET', `/v1/admin/users/${target.userId}`, admin.token)).json().data;
  expect(detail).toMatchObject({ role: 'user', blocked: null });
  expect((await call(ctx, 'GET', '/v1/profile', admin.token)).statusCode).toBe(200);
});

test('the last admin cannot be demoted, by themself or anyone; with a second admin the role changes and the log has before and after', async () => {
  const { ctx, admin } = kit();
  const self = await call(ctx, 'PUT', `/v1/admin/users/${admin.userId}/role`, admin.token, { role: 'user' });
  expect(self.statusCode).toBe(409);
  expect(self.json().message).toBe('You are the last administrator: make someone else an administrator before giving up the role.');

  const second = await person(ctx, 'Second Admin');
  const promoted = await call(ctx, 'PUT', `/v1/admin/users/${second.userId}/role`, admin.token, { role: 'admin' });
  expect(promoted.statusCode).toBe(200);
  expect(promoted.json().data.role).toBe('admin');
  // Two admins: the second may step down, after which the demo admin is the last one again.
  expect((await call(ctx, 'PUT', `/v1/admin/users/${second.userId}/role`, second.token, { role: 'moderator' })).statusCode).toBe(200);
  const demote = await call(ctx, 'PUT', `/v1/admin/users/${admin.userId}/role`, second.token, { role: 'user' });
  expect(demote.statusCode).toBe(403);
  expect((await call(ctx, 'PUT', `/v1/admin/users/${admin.userId}/role`, admin.token, { role: 'moderator' })).statusCode).toBe(409);

  const log = await call(ctx, 'GET', `/v1/admin/audit?action=user.role&target_type=user&target_id=${second.userId}`, admin.token);
  expect(log.statusCode).toBe(200);
  expect(log.json().data).toEqual([
    expect.objectContaining({ actor: { id: second.userId, name: 'Second Admin' }, action: 'user.role', target_id: second.userId, before: { role: 'admin' }, after: { role: 'moderator' } }),
    expect.objectContaining({ actor: { id: admin.userId, name: expect.any(String) }, action: 'user.role', target_id: second.userId, before: { role: 'user' }, after: { role: 'admin' } }),
  ]);
});

test('bulk block: one reason, one transaction, one audit row per person; bulk unblock likewise', async () => {
  const { ctx, admin, moderator } = kit();
  const a = await person(ctx, 'Bulk A');
  const b = await person(ctx, 'Bulk B');
  const res = await call(ctx, 'POST', '/v1/admin/users/block', moderator.token, { ids: [a.userId, b.userId], reason: 'Spam ring' });
  expect(res.statusCode).toBe(200);
  expect([...res.json().data.changed].sort()).toEqual([a.userId, b.userId].sort());
  for (const who of [a, b]) expect((await call(ctx, 'GET', '/v1/profile', who.token)).statusCode).toBe(401);
  expect(ctx.terminated).toEqual(expect.arrayContaining([a.userId, b.userId]));

  // Blocking again changes nobody and writes nothing.
  expect((await call(ctx, 'POST', '/v1/admin/users/block', moderator.token, { ids: [a.userId], reason: 'again' })).json().data.changed).toEqual([]);
  const single = await call(ctx, 'POST', `/v1/admin/users/${a.userId}/block`, moderator.token, { reason: 'again' });
  expect(single.statusCode).toBe(409);

  const rows = (await call(ctx, 'GET', `/v1/admin/audit?action=user.block&actor_id=${moderator.userId}`, admin.token)).json().data;
  const mine = rows.filter((row: { target_id: number }) => [a.userId, b.userId].includes(row.target_id));
  expect(mine).toHaveLength(2);
  for (const row of mine) expect(row).toMatchObject({ reason: 'Spam ring', before: { blocked: false }, after: { blocked: true, blocked_reason: 'Spam ring' } });

  const none = await call(ctx, 'POST', '/v1/admin/users/unblock', moderator.token, { ids: [] });
  expect(none.statusCode).toBe(422);
  expect(none.json().errors).toEqual({ ids: ['Choose at least one person.'] });
  const unblock = await call(ctx, 'POST', '/v1/admin/users/unblock', moderator.token, { ids: [a.userId, b.userId] });
  expect([...unblock.json().data.changed].sort()).toEqual([a.userId, b.userId].sort());
  const unblockRows = (await call(ctx, 'GET', `/v1/admin/audit?action=user.unblock&target_id=${a.userId}`, admin.token)).json().data;
  expect(unblockRows).toEqual([expect.objectContaining({ before: { blocked: true, blocked_reason: 'Spam ring' }, after: { blocked: false } })]);
});

test('finding people: by name, e-mail, phone or id, filtered by role and block, sorted, paged', async () => {
  const { ctx, admin } = kit();
  const stamp = Date.now();
  const zed = await person(ctx, `Zed Findable ${stamp}`);
  const amy = await person(ctx, `Amy Findable ${stamp}`, 'moderator');
  await ctx.database.db.update(users).set({ phone: `+7900${String(stamp).slice(-7)}` }).where(eq(users.id, amy.userId));
  const ids = (url: string) => call(ctx, 'GET', url, admin.token).then((res) => res.json().data.map((row: { id: number }) => row.id));

  expect(await ids(`/v1/admin/users?q=findable ${stamp}&sort=name&dir=asc`)).toEqual([amy.userId, zed.userId]);
  expect(await ids(`/v1/admin/users?q=findable ${stamp}&sort=id&dir=desc`)).toEqual([amy.userId, zed.userId]);
  expect(await ids(`/v1/admin/users?q=${encodeURIComponent(zed.address)}`)).toEqual([zed.userId]);
  expect(await ids(`/v1/admin/users?q=${encodeURIComponent(`900 ${String(stamp).slice(-7)}`)}`)).toEqual([amy.userId]);
  expect(await ids(`/v1/admin/users?q=${zed.userId}`)).toContain(zed.userId);
  expect(await ids(`/v1/admin/users?q=findable ${stamp}&role=moderator`)).toEqual([amy.userId]);
  await call(ctx, 'POST', `/v1/admin/users/${zed.userId}/block`, admin.token, { reason: 'test' });
  expect(await ids(`/v1/admin/users?q=findable ${stamp}&blocked=yes`)).toEqual([zed.userId]);
  expect(await ids(`/v1/admin/users?q=findable ${stamp}&blocked=no`)).toEqual([amy.userId]);
  const paged = (await call(ctx, 'GET', `/v1/admin/users?q=findable ${stamp}&per_page=1&page=2&sort=name&dir=asc`, admin.token)).json();
  expect(paged.data.map((row: { id: number }) => row.id)).toEqual([zed.userId]);
  expect(paged.meta).toEqual({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
});

test('a person’s detail: businesses, ads, orders, chats count and live sessions', async () => {
  const { ctx, admin } = kit();
  const someone = await person(ctx, 'Detailed Person');
  const detail = (await call(ctx, 'GET', `/v1/admin/users/${someone.userId}`, admin.token)).json().data;
  expect(detail).toMatchObject({ id: someone.userId, name: 'Detailed Person', businesses: { total: 0, latest: [] }, ads: { total: 0, latest: [] }, orders: { total: 0, latest: [] }, chats: 0 });
  expect(detail.sessions).toHaveLength(1);
  expect(detail.sessions[0]).toEqual(expect.objectContaining({ ip: expect.any(String), last_used_at: expect.any(String) }));
});

test('the audit log filters by days and refuses a day that does not exist', async () => {
  const { ctx, admin } = kit();
  const today = new Date().toISOString().slice(0, 10);
  const res = await call(ctx, 'GET', `/v1/admin/audit?from=${today}&to=${today}`, admin.token);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.length).toBeGreaterThan(0);
  expect((await call(ctx, 'GET', '/v1/admin/audit?to=2000-01-01', admin.token)).json().data).toEqual([]);
  const bad = await call(ctx, 'GET', '/v1/admin/audit?from=2026-02-30', admin.token);
  expect(bad.statusCode).toBe(422);
  expect(bad.json().errors).toEqual({ from: ['Give a date as YYYY-MM-DD.'] });
});
