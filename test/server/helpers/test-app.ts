import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import type { Letter, Mailer } from '../../../server/mail/mailer';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Every letter the app sent, newest last. */
  letters: Letter[];
  sms: Array<{ phone: string; text: string }>;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, with mail and SMS captured in memory. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const letters: Letter[] = [];
  const sms: TestContext['sms'] = [];
  const mailer: Mailer = { send: async (letter) => void letters.push(letter), close: () => undefined };
  const config = loadConfig({ NODE_ENV: 'test' }, { webRoot: '/nonexistent', ...overrides });
  const app = await buildApp(config, { database, mailer, sms: { send: async (phone, text) => void sms.push({ phone, text }) } });
  await app.ready();
  return {
    app,
    database,
    letters,
    sms,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Pulls the 6-digit code out of the last letter to an address. */
export function lastCode(letters: Letter[], to: string): string {
  const letter = [...letters].reverse().find((l) => l.to === to);
  const code = letter?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** Signs in through the real two calls and returns the bearer token. */
export async function signIn(ctx: TestContext, address: string): Promise<{ token: string; userId: number }> {
  const sent = await ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address } });
  if (sent.statusCode !== 200) throw new Error(`POST /v1/auth → ${sent.statusCode} ${sent.body}`);
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/v1/verify-auth-otp',
    payload: { address, code: lastCode(ctx.letters, address) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify → ${verified.statusCode} ${verified.body}`);
  const body = verified.json() as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
