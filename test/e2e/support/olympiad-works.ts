import sharp from 'sharp';
import { BASE_URL, personAddress } from './browser';

/** A real PNG drawing (a coloured square with a stripe), different for each `seed`, as a participant would upload. */
export async function drawingPng(seed: number, size = 320): Promise<Buffer> {
  const hue = (seed * 47) % 256;
  const stripe = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="rgb(${hue},120,${255 - hue})"/><rect y="${size / 3}" width="100%" height="${size / 6}" fill="#fff"/></svg>`,
  );
  return sharp(stripe).png().toBuffer();
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-language': 'en', 'x-forwarded-for': personAddress(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function expectData<T>(answer: Promise<{ status: number; body: Record<string, unknown> }>, status: number | number[], what: string): Promise<T> {
  const { status: got, body } = await answer;
  if (!(Array.isArray(status) ? status : [status]).includes(got)) throw new Error(`${what} → ${got} ${JSON.stringify(body)}`);
  return body.data as T;
}

/** A creative contest open now for every category, made by staff for one test file (its own title). */
export async function openContest(staffToken: string, title: string): Promise<{ id: number }> {
  const now = Date.now();
  return expectData<{ id: number }>(
    call(staffToken, 'POST', '/v1/olympiad/contests', {
      title_ru: `${title} (рус.)`,
      title_en: title,
      description_ru: 'Нарисуйте море.',
      description_en: 'Draw the sea.',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      stage_kinds: [],
      categories: [],
      works_per_participant: 3,
    }),
    201,
    'a contest',
  );
}

/** A participant's work sent through the API (multipart, as the SPA sends it). */
export async function sendWork(token: string, contestId: number, title: string, seed: number): Promise<{ id: number }> {
  const form = new FormData();
  form.append('contest_id', String(contestId));
  form.append('title', title);
  form.append('description', `${title}: gouache on paper.`);
  form.append('upload_key', crypto.randomUUID());
  form.append('file', new Blob([new Uint8Array(await drawingPng(seed))], { type: 'image/png' }), `work-${seed}.png`);
  const response = await fetch(`${BASE_URL}/v1/olympiad/works`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'x-forwarded-for': personAddress() },
    body: form,
  });
  const body = (await response.json()) as { data: { id: number } };
  if (response.status !== 201) throw new Error(`send a work → ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Staff claim a work and publish it. */
export async function publishWork(staffToken: string, workId: number): Promise<void> {
  await expectData(call(staffToken, 'POST', `/v1/olympiad/moderation/works/${workId}/claim`), 200, 'claim');
  await expectData(call(staffToken, 'POST', `/v1/olympiad/moderation/works/${workId}/decision`, { decision: 'approved' }), 200, 'approve');
}

/** Staff score a published work of a scored contest (it counts in the rating). */
export async function scoreWork(staffToken: string, workId: number, score: number): Promise<void> {
  await expectData(call(staffToken, 'PUT', `/v1/olympiad/works/${workId}/score`, { score }), 200, 'score');
}

/** A participant's token from the olympiad's own sign-in. */
export async function participantToken(login: string, password: string): Promise<string> {
  const response = await fetch(`${BASE_URL}/v1/olympiad/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': personAddress() },
    body: JSON.stringify({ login, password }),
  });
  const body = (await response.json()) as { token: string };
  if (response.status !== 200) throw new Error(`olympiad login → ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

export { call as worksCall, expectData as worksExpectData };
