import { eq } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { users } from '../../../server/db/schema';
import type { Role } from '../../../shared/roles';
import { ageCodes, bearer, createTestApp, lastCode, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { nextIp } from '../olympiad/olympiad-helpers';

/** The admin's users section through the real app: the demo staff signed in, and people of the test's own. */

export interface Person {
  token: string;
  userId: number;
  address: string;
}

export interface UsersKit {
  ctx: TestContext;
  admin: Person;
  moderator: Person;
  support: Person;
}

export function setUpUsersKit(): () => UsersKit {
  let kit: UsersKit | undefined;
  beforeAll(async () => {
    const ctx = await createTestApp();
    await seedDemoAccounts(ctx.database.db);
    const staff = async (address: string) => ({ ...(await signIn(ctx, address, { ip: nextIp() })), address });
    kit = { ctx, admin: await staff('admin@example.com'), moderator: await staff('moderator@example.com'), support: await staff('support@example.com') };
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await kit?.ctx.close();
  });
  return () => kit!;
}

let people = 0;

/** A new person of this test, named `name`, with `role`. */
export async function person(ctx: TestContext, name: string, role: Role = 'user'): Promise<Person> {
  people += 1;
  const address = `admin-users-${people}-${Date.now()}@example.com`;
  const who = await signIn(ctx, address, { ip: nextIp() });
  await ctx.database.db.update(users).set({ name, role }).where(eq(users.id, who.userId));
  return { ...who, address };
}

export function call(ctx: TestContext, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, lang = 'en'): Promise<Response> {
  return ctx.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), 'accept-language': lang }, remoteAddress: nextIp() });
}

/** Signs in by code as a person would (ask for a code, type it) and returns the last step's answer, whatever it is. */
export async function signInByCode(ctx: TestContext, address: string, lang = 'en'): Promise<Response> {
  await ageCodes(ctx, address);
  const sent = await ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address }, remoteAddress: nextIp() });
  if (sent.statusCode !== 200) throw new Error(`POST /v1/auth → ${sent.statusCode} ${sent.body}`);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/verify-auth-otp',
    payload: { address, code: lastCode(ctx.letters, address) },
    headers: { 'accept-language': lang },
    remoteAddress: nextIp(),
  });
}
