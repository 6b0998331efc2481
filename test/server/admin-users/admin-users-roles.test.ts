import { call, person, setUpUsersKit } from './admin-users-kit';

/** Who may use the users section and the audit log (issue 17 items 2 and 6): every role boundary. */

jest.setTimeout(60_000);
const kit = setUpUsersKit();

test('a plain user gets 403 on every route of the section, the audit log and the admin counts', async () => {
  const { ctx } = kit();
  const plain = await person(ctx, 'Plain Person');
  const other = await person(ctx, 'Other Person');
  const routes: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
    ['GET', '/v1/admin/counts'],
    ['GET', '/v1/admin/users'],
    ['GET', `/v1/admin/users/${other.userId}`],
    ['PUT', `/v1/admin/users/${other.userId}/role`, { role: 'admin' }],
    ['POST', `/v1/admin/users/${other.userId}/block`, { reason: 'spam' }],
    ['POST', `/v1/admin/users/${other.userId}/unblock`],
    ['POST', '/v1/admin/users/block', { ids: [other.userId], reason: 'spam' }],
    ['POST', '/v1/admin/users/unblock', { ids: [other.userId] }],
    ['GET', '/v1/admin/audit'],
  ];
  for (const [method, url, body] of routes) {
    expect({ method, url, status: (await call(ctx, method, url, plain.token, body)).statusCode }).toEqual({ method, url, status: 403 });
    expect({ method, url, guest: (await call(ctx, method, url, undefined, body)).statusCode }).toEqual({ method, url, guest: 401 });
  }
  // Nothing happened to the other person.
  expect((await call(ctx, 'GET', `/v1/admin/users/${other.userId}`, kit().admin.token)).json().data).toMatchObject({ role: 'user', blocked: null });
});

test('support works the console, not the users section or the audit log', async () => {
  const { ctx, support } = kit();
  const other = await person(ctx, 'Someone');
  for (const [method, url, body] of [
    ['GET', '/v1/admin/users'],
    ['GET', `/v1/admin/users/${other.userId}`],
    ['PUT', `/v1/admin/users/${other.userId}/role`, { role: 'moderator' }],
    ['POST', `/v1/admin/users/${other.userId}/block`, { reason: 'spam' }],
    ['POST', '/v1/admin/users/block', { ids: [other.userId], reason: 'spam' }],
    ['GET', '/v1/admin/audit'],
  ] as Array<['GET' | 'POST' | 'PUT', string, object?]>) {
    expect({ url, status: (await call(ctx, method, url, support.token, body)).statusCode }).toEqual({ url, status: 403 });
  }
  expect((await call(ctx, 'GET', '/v1/admin/counts', support.token)).statusCode).toBe(200);
});

test('a moderator finds and blocks people, but cannot change roles, block an admin or read the audit log', async () => {
  const { ctx, moderator, admin } = kit();
  const target = await person(ctx, 'Moderated Person');
  const list = await call(ctx, 'GET', `/v1/admin/users?q=${target.userId}`, moderator.token);
  expect(list.statusCode).toBe(200);
  expect(list.json().data.map((row: { id: number }) => row.id)).toContain(target.userId);

  const role = await call(ctx, 'PUT', `/v1/admin/users/${target.userId}/role`, moderator.token, { role: 'moderator' });
  expect(role.statusCode).toBe(403);

  const blockAdmin = await call(ctx, 'POST', `/v1/admin/users/${admin.userId}/block`, moderator.token, { reason: 'no' });
  expect(blockAdmin.statusCode).toBe(403);
  expect(blockAdmin.json().message).toBe('A moderator cannot block an administrator.');
  const bulkWithAdmin = await call(ctx, 'POST', '/v1/admin/users/block', moderator.token, { ids: [target.userId, admin.userId], reason: 'no' });
  expect(bulkWithAdmin.statusCode).toBe(403);
  // All or nothing: the other person of the refused bulk action was not blocked either.
  expect((await call(ctx, 'GET', `/v1/admin/users/${target.userId}`, moderator.token)).json().data.blocked).toBeNull();

  const blocked = await call(ctx, 'POST', `/v1/admin/users/${target.userId}/block`, moderator.token, { reason: 'Spam in chats' });
  expect(blocked.statusCode).toBe(200);
  expect(blocked.json().data.blocked).toMatchObject({ reason: 'Spam in chats', by: { id: moderator.userId } });
  expect((await call(ctx, 'GET', '/v1/admin/audit', moderator.token)).statusCode).toBe(403);
  expect((await call(ctx, 'GET', `/v1/admin/users/${admin.userId}`, admin.token)).json().data.blocked).toBeNull();
});
