import { writeFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from '../helpers/test-app';
import { casesOf, type FuzzCase } from './fuzz-cases';
import { createWorld, type World } from './fuzz-world';
import { operationsOf, sampleOf, type Operation } from './openapi-operations';
import { roleFor, validBody, validPathValue } from './valid-inputs';

/**
 * Walks every operation of the OpenAPI description the app generates and
 * sends hostile values to every path parameter, query parameter and body
 * property (and whole bodies of the wrong kind). No answer may be a 5xx,
 * nothing may hang, and every refusal is the `{ message, errors }` envelope.
 */

jest.setTimeout(240_000);

/** Operations that take messages or works as multipart forms (the others refuse multipart). */
const FORM_OPERATIONS = new Set(['POST /v1/messages', 'POST /v1/support/messages', 'POST /v1/support/conversations/{id}/messages', 'POST /v1/olympiad/works', 'POST /v1/olympiad/works/{id}']);
const ANSWER_WITHIN_MS = 10_000;
const CONCURRENCY = 4;

let world: World;
beforeAll(async () => {
  world = await createWorld();
}, 60_000);
afterAll(() => world?.ctx.close());

interface Failure {
  operation: string;
  field: string;
  value: string;
  status: number | 'no answer';
  body: string;
}

/** Operations that only read go first; those that remove things, sign out or end accounts go last. */
const order = (operation: Operation) => (operation.method === 'DELETE' ? 2 : /sign-out|revoke|password|\/me$/.test(operation.path) ? 1 : 0);

/** A refusal in the envelope: JSON with a translated `message` (a timed test's 409 adds its own fields), no framework internals. */
function isEnvelope(res: LightMyRequestResponse): boolean {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return false;
  try {
    const body = res.json() as Record<string, unknown>;
    return typeof body.message === 'string' && !/FST_|node_modules|\bat \w+ \(/.test(res.body);
  } catch {
    return false;
  }
}

async function answer(request: FuzzCase['request']): Promise<LightMyRequestResponse | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([world.ctx.app.inject(request as never), late]);
  } finally {
    clearTimeout(timer);
  }
}

let ip = 0;
/** A new client address per request, so per-IP limits never stand between a value and the validation. */
const nextAddress = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

test('no operation answers a hostile input with a 5xx', async () => {
  const operations = operationsOf(world.ctx.app.swagger()).sort((a, b) => order(a) - order(b));
  const failures: Failure[] = [];
  let requests = 0;
  const started = Date.now();

  for (const operation of operations) {
    world.resetLimits();
    const token = await world.token(roleFor(operation.method, operation.path));
    const pathValues = Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, validPathValue(operation.path, p.name, world.ids)]));
    const body = operation.body ? (validBody(operation.key, world.ids) ?? (sampleOf(operation.body) as Record<string, unknown>)) : undefined;
    // A form-only route (a work's upload) has no JSON body schema: its good fields come from the table all the same.
    const formFields = FORM_OPERATIONS.has(operation.key) ? Object.fromEntries(Object.entries(body ?? validBody(operation.key, world.ids) ?? {}).map(([k, v]) => [k, String(v)])) : undefined;
    const queue = [...casesOf({ operation, pathValues, body, formFields })];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { field, label, request } = next;
        const res = await answer({ ...request, remoteAddress: nextAddress(), headers: { ...request.headers, ...(token ? bearer(token) : {}) } } as FuzzCase['request']);
        requests += 1;
        const status = res === 'no answer' ? res : res.statusCode;
        const refusedBadly = res !== 'no answer' && res.statusCode >= 400 && !isEnvelope(res);
        if (status === 'no answer' || status >= 500 || refusedBadly) {
          failures.push({ operation: operation.key, field, value: label, status, body: res === 'no answer' ? '' : res.body.slice(0, 300) });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const serverErrors = failures.filter((f) => f.status === 'no answer' || f.status >= 500).length;
  console.log(`fuzz: ${operations.length} operations, ${requests.toLocaleString('en')} requests, ${serverErrors} server errors, ${failures.length - serverErrors} refusals outside the envelope (${seconds} s)`);
  // FUZZ_REPORT=<file> keeps every failure for a closer look.
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(failures, null, 1));
  expect(failures).toEqual([]);
});
