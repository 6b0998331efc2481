import fs from 'node:fs';
import { createTestApp, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { nextIp, validRegistration } from './olympiad-helpers';

let ctx: TestContext;
const written: string[] = [];
beforeAll(async () => {
  // The app logs requests at "info" through pino, which writes to stdout (directly to fd 1, or through the stream).
  const original = fs.writeSync;
  jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd === 1 && typeof data === 'string') {
      written.push(data);
      return Buffer.byteLength(data);
    }
    return (original as (...args: unknown[]) => number)(fd, data, ...rest);
  }) as typeof fs.writeSync);
  jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stdout.write);
  ctx = await createTestApp({ logLevel: 'info' });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
  jest.restoreAllMocks();
});

test('request logs never contain a password: bodies are not logged', async () => {
  const body = validRegistration({ password: 'Very-Secret-42', password_confirmation: 'Very-Secret-42' });
  const registered = await ctx.app.inject({ method: 'POST', url: '/v1/olympiad/register', payload: body, remoteAddress: nextIp() });
  expect(registered.statusCode).toBe(201);
  const wrong = await ctx.app.inject({ method: 'POST', url: '/v1/olympiad/login', payload: { login: body.login, password: 'Other-Secret-43' }, remoteAddress: nextIp() });
  expect(wrong.statusCode).toBe(422);

  const log = written.join('');
  expect(log).toContain('/v1/olympiad/register');
  expect(log).toContain('/v1/olympiad/login');
  expect(log).not.toContain('Very-Secret-42');
  expect(log).not.toContain('Other-Secret-43');
});
