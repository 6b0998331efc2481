import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import { sql } from 'drizzle-orm';
import type { Letter, Mailer } from '../../../server/mail/mailer';
import { contactKind, normalizeContact } from '../../../shared/validation/contact';
import type { SmsProvider } from '../../../server/sms/sms-provider';
import { createTestDatabase } from './test-database';
import { memoryPublisher } from '../../../server/modules/realtime/publisher';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Every letter the app sent, newest last. */
  letters: Letter[];
  sms: Array<{ phone: string; text: string }>;
  /** Every realtime event the app published (channel, event name, data with `event_id`), oldest first. */
  events: ReturnType<typeof memoryPublisher>['sent'];
  /** The users whose realtime connections the app asked to close, oldest first. */
  terminated: number[];
  /** While true, every letter and SMS the app tries to send is rejected (a mail server or gateway that is down). */
  failDeliveries: boolean;
  close(): Promise<void>;
}

/**
 * For `beforeAll(..., SETUP_TIMEOUT)`: a fresh PGlite (WASM start-up and
 * migrations) takes a second or two; on a machine busy with other work (load 8 on
 * two cores, the test command beside other checkouts) it took over 30 s.
 */
export const SETUP_TIMEOUT = 90_000;

export interface TestDeps {
  /** Replaces the capturing mailer (letters then do not reach `ctx.letters`). */
  mailer?: Mailer;
  sms?: SmsProvider;
  /** Captures the app's log (set `logLevel` in the overrides to something other than `silent`). */
  logStream?: NodeJS.WritableStream;
  /** An open, migrated database instead of a fresh one (two apps on one database, as two API processes); closed with the context. */
  database?: Database;
}

/** Builds the real app on a fresh database, with mail and SMS captured in memory. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, deps: TestDeps = {}): Promise<TestContext> {
  const database = deps.database ?? (await createTestDatabase());
  const letters: Letter[] = [];
  const sms: TestContext['sms'] = [];
  const state = { failDeliveries: false };
  const refuseIfDown = () => {
    if (state.failDeliveries) throw new Error('delivery is down (test)');
  };
  const mailer: Mailer = deps.mailer ?? {
    send: async (letter) => {
      refuseIfDown();
      letters.push(letter);
    },
    close: () => undefined,
  };
  const smsProvider: SmsProvider = deps.sms ?? {
    send: async (phone, text) => {
      refuseIfDown();
      sms.push({ phone, text });
    },
  };
  const config = loadConfig({ NODE_ENV: 'test' }, { webRoot: '/nonexistent', ...overrides });
  const publisher = memoryPublisher();
  const app = await buildApp(config, { database, mailer, sms: smsProvider, publisher, logStream: deps.logStream });
  await app.ready();
  return {
    app,
    database,
    letters,
    sms,
    events: publisher.sent,
    terminated: publisher.terminated,
    get failDeliveries() {
      return state.failDeliveries;
    },
    set failDeliveries(value: boolean) {
      state.failDeliveries = value;
    },
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

/** Pulls the 6-digit code out of the last SMS to a (normalised) phone number. */
export function lastSmsCode(sms: TestContext['sms'], phone: string): string {
  const message = [...sms].reverse().find((m) => m.phone === phone);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
}

/**
 * Moves every stored code of an address `seconds` into the past, as if that
 * much time had gone by: the 30-second resend wait no longer applies.
 */
export async function ageCodes(ctx: TestContext, address: string, seconds = 31): Promise<void> {
  await ctx.database.db.execute(
    sql`update auth_codes set created_at = created_at - make_interval(secs => ${seconds}) where address = ${address}`,
  );
}

export interface SignInOptions {
  /** Client address the two calls come from (the per-IP limits count by it); 127.0.0.1 by default. */
  ip?: string;
  userAgent?: string;
}

/**
 * Signs in through the real two calls and returns the bearer token. The
 * address may sign in again at once: earlier codes are aged past the resend wait.
 */
export async function signIn(
  ctx: TestContext,
  address: string,
  options: SignInOptions = {},
): Promise<{ token: string; userId: number }> {
  const client = {
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  };
  const normalized = normalizeContact(address);
  await ageCodes(ctx, normalized);
  const sent = await ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address }, ...client });
  if (sent.statusCode !== 200) throw new Error(`POST /v1/auth → ${sent.statusCode} ${sent.body}`);
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/v1/verify-auth-otp',
    payload: {
      address,
      code: contactKind(normalized) === 'phone' ? lastSmsCode(ctx.sms, normalized) : lastCode(ctx.letters, normalized),
    },
    ...client,
  });
  if (verified.statusCode !== 200) throw new Error(`verify → ${verified.statusCode} ${verified.body}`);
  const body = verified.json() as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
