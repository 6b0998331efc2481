import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedOlympiadWorks } from '../../../server/db/seed/olympiad-works-seed';
import { storageForDataDir } from '../../../server/storage/local-storage';
import { call, setUpWorksKit } from './works-kit';

/** The demo's sample works: one open contest in both languages and the demo participant's works in each state. */

const kit = setUpWorksKit();
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'works-seed-'));
  await seedOlympiadWorks(kit().ctx.database.db, kit().ctx.app.storage);
  // A second run changes nothing.
  await seedOlympiadWorks(kit().ctx.database.db, storageForDataDir(dataDir));
}, 30_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('an open contest in both languages, which the demo participant may still enter', async () => {
  const ru = (await call(kit().ctx, 'GET', '/v1/olympiad/contests', undefined, undefined, 'ru')).json().data;
  const en = (await call(kit().ctx, 'GET', '/v1/olympiad/contests', kit().student.token)).json().data;
  expect(ru).toHaveLength(1);
  expect(ru[0]).toMatchObject({ title: 'Рисунок «Мир вокруг меня»', state: 'open', published_works: 1 });
  expect(en[0]).toMatchObject({ title: 'Drawing “The world around me”', my_works: 3, may_enter: true });
});

test('the demo participant has a published work, one on moderation close to 24 hours, and a rejected one with its reason', async () => {
  const mine = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', kit().student.token, undefined, 'ru')).json().data;
  const byStatus = Object.fromEntries(mine.map((w: { status: string }) => [w.status, w]));
  expect(Object.keys(byStatus).sort()).toEqual(['approved', 'moderation', 'rejected']);
  expect(byStatus.rejected.rejection_reason).toBe('Работу плохо видно: слишком мелко, размыто или темно.');
  expect(byStatus.approved.published_at).not.toBeNull();
  for (const work of mine) {
    const file = await call(kit().ctx, 'GET', work.file_url, kit().student.token);
    expect({ id: work.id, status: file.statusCode, type: file.headers['content-type'] }).toEqual({ id: work.id, status: 200, type: 'image/webp' });
  }
  const queue = (await call(kit().ctx, 'GET', '/v1/olympiad/moderation/works', kit().moderator)).json().data;
  expect(queue).toHaveLength(1);
  expect(queue[0]).toMatchObject({ id: byStatus.moderation.id, due: 'soon' });
});
