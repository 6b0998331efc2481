import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { creativeWorks, images, olympiadFinalResults, olympiadStages } from '../../../server/db/schema';
import { filesUnder } from '../chats/chat-test-kit';
import { call, createContest, daysFromNow, participant, picture, setUpWorksKit, upload, uploadedWork, workForm, type Person } from './works-kit';

/** A participant's works: the limit per contest, contest dates and who may enter, retries, edits, other people's works. */

jest.setTimeout(60_000);
const kit = setUpWorksKit();
const png = async () => ({ name: 'spring.png', data: await picture('png'), type: 'image/png' });

const worksOf = async (userId: number) =>
  Number((await kit().ctx.database.db.select({ n: count() }).from(creativeWorks).where(eq(creativeWorks.participantId, userId)))[0].n);

describe('contests', () => {
  test('anyone reads contests in their language; a participant sees their works and whether they may enter', async () => {
    const id = await createContest(kit(), { works_per_participant: 1 });
    const pupil = await participant(kit().ctx);
    const guest = await call(kit().ctx, 'GET', `/v1/olympiad/contests/${id}`, undefined, undefined, 'ru');
    expect(guest.json().data).toMatchObject({ id, title: 'Рисунок «Моя олимпиада»', state: 'open', my_works: null, may_enter: null, published_works: 0 });
    expect(guest.json().data.title_ru).toBeUndefined();
    const before = (await call(kit().ctx, 'GET', `/v1/olympiad/contests/${id}`, pupil.token)).json().data;
    expect(before).toMatchObject({ title: 'Drawing “My olympiad”', my_works: 0, may_enter: true });
    await uploadedWork(kit(), pupil, id);
    const after = (await call(kit().ctx, 'GET', '/v1/olympiad/contests', pupil.token)).json().data.find((c: { id: number }) => c.id === id);
    expect(after).toMatchObject({ my_works: 1, may_enter: false });
    const staff = (await call(kit().ctx, 'GET', `/v1/olympiad/contests/${id}`, kit().moderator)).json().data;
    expect(staff).toMatchObject({ title_ru: 'Рисунок «Моя олимпиада»', title_en: 'Drawing “My olympiad”' });
  });

  test('staff create and edit contests; the end must come after the start; participants may not', async () => {
    const bad = await call(kit().ctx, 'POST', '/v1/olympiad/contests', kit().admin, {
      title_ru: 'А', title_en: 'A', description_ru: 'Б', description_en: 'B', starts_at: daysFromNow(2), ends_at: daysFromNow(1), stage_kinds: [], categories: [], works_per_participant: 2,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.ends_at).toBeDefined();
    const id = await createContest(kit());
    const edited = await call(kit().ctx, 'PUT', `/v1/olympiad/contests/${id}`, kit().admin, {
      title_ru: 'Новое', title_en: 'New', description_ru: 'Текст', description_en: 'Text', starts_at: daysFromNow(-1), ends_at: daysFromNow(3), stage_kinds: ['final'], categories: ['senior'], works_per_participant: 5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'New', stage_kinds: ['final'], categories: ['senior'], works_per_participant: 5 });
    const pupil = await participant(kit().ctx);
    for (const [method, url] of [['POST', '/v1/olympiad/contests'], ['PUT', `/v1/olympiad/contests/${id}`]] as const) {
      expect((await call(kit().ctx, method, url, pupil.token, edited.json().data)).statusCode).toBe(403);
    }
  });
});

describe('entering a work', () => {
  test('a retried upload with the same key returns the first work (200) and stores no second copy', async () => {
    const contestId = await createContest(kit());
    const pupil = await participant(kit().ctx);
    const key = crypto.randomUUID();
    const first = await upload(kit(), pupil, contestId, await png(), { upload_key: key });
    expect(first.statusCode).toBe(201);
    const imagesBefore = Number((await kit().ctx.database.db.select({ n: count() }).from(images))[0].n);
    const again = await upload(kit(), pupil, contestId, await png(), { upload_key: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    // Both at once, as a flaky network may send them: one work.
    const key2 = crypto.randomUUID();
    const [a, b] = await Promise.all([upload(kit(), pupil, contestId, await png(), { upload_key: key2 }), upload(kit(), pupil, contestId, await png(), { upload_key: key2 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await worksOf(pupil.userId)).toBe(2);
    // The loser's stored picture went away again.
    expect(Number((await kit().ctx.database.db.select({ n: count() }).from(images))[0].n)).toBe(imagesBefore + 1);
  });

  test('the limit per contest staff set holds, also when uploads race', async () => {
    const contestId = await createContest(kit(), { works_per_participant: 2 });
    const pupil = await participant(kit().ctx);
    const results = await Promise.all([1, 2, 3].map(async () => upload(kit(), pupil, contestId, await png())));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 422]);
    const refused = results.find((r) => r.statusCode === 422)!;
    expect(refused.json().errors.contest_id).toEqual(['You have already entered 2 works in this contest, the most it allows.']);
    const ru = await upload(kit(), pupil, contestId, await png(), {}, 'ru');
    expect(ru.json().errors.contest_id).toEqual(['Вы уже отправили на этот конкурс 2 работы — больше он не принимает.']);
    expect(await worksOf(pupil.userId)).toBe(2);
  });

  test('a closed or upcoming contest, another category, or a stage not taken part in is refused, with nothing stored', async () => {
    const pupil = await participant(kit().ctx, { category: 'middle' });
    const closed = await createContest(kit(), { starts_at: daysFromNow(-10), ends_at: daysFromNow(-1) });
    const upcoming = await createContest(kit(), { starts_at: daysFromNow(1), ends_at: daysFromNow(5) });
    const seniors = await createContest(kit(), { categories: ['senior'] });
    const finalists = await createContest(kit(), { stage_kinds: ['final'] });
    const files = filesUnder(path.join(kit().dataDir, 'uploads')).length;
    const cases: Array<[number, string, string]> = [
      [closed, 'The contest is over: works are no longer accepted or changed.', 'Конкурс завершён: работы больше не принимаются и не изменяются.'],
      [upcoming, 'The contest has not started yet: works are accepted from its start date.', 'Конкурс ещё не начался: работы принимаются с даты его начала.'],
      [seniors, 'This contest is not open to your category.', 'Этот конкурс не для вашей категории участников.'],
      [finalists, 'This contest is open only to participants of certain olympiad stages, and you have not taken part in them.', 'Этот конкурс только для участников определённых этапов олимпиады, а вы в них не участвовали.'],
    ];
    for (const [contestId, en, ru] of cases) {
      const res = await upload(kit(), pupil, contestId, await png());
      expect({ contestId, status: res.statusCode, errors: res.json().errors }).toEqual({ contestId, status: 422, errors: { contest_id: [en] } });
      expect((await upload(kit(), pupil, contestId, await png(), {}, 'ru')).json().errors.contest_id).toEqual([ru]);
    }
    const missing = await upload(kit(), pupil, 999_999, await png());
    expect(missing.json().errors.contest_id).toEqual(['There is no such contest.']);
    expect(await worksOf(pupil.userId)).toBe(0);
    expect(filesUnder(path.join(kit().dataDir, 'uploads')).length).toBe(files);
  });

  test('a contest for finalists takes a participant with a result in the final, and one for seniors takes seniors', async () => {
    const finalists = await createContest(kit(), { stage_kinds: ['final'], categories: ['senior'] });
    const finalist = await participant(kit().ctx, { category: 'senior' });
    const db = kit().ctx.database.db;
    const [finalStage] = await db.select().from(olympiadStages).where(eq(olympiadStages.kind, 'final'));
    await db.insert(olympiadFinalResults).values({ stageId: finalStage.id, userId: finalist.userId, pointsHundredths: 850, place: 1 });
    const contest = (await call(kit().ctx, 'GET', `/v1/olympiad/contests/${finalists}`, finalist.token)).json().data;
    expect(contest.may_enter).toBe(true);
    expect((await upload(kit(), finalist, finalists, await png())).statusCode).toBe(201);
  });

  test('an unverified participant is told to confirm their e-mail first', async () => {
    const contestId = await createContest(kit());
    const pupil = await participant(kit().ctx);
    await kit().ctx.database.db.execute(sql`update users set email = null where id = ${pupil.userId}`);
    const res = await upload(kit(), pupil, contestId, await png());
    expect(res.statusCode).toBe(403);
  });
});

describe('my works: edit, resubmit, take back', () => {
  let contestId: number;
  let owner: Person;
  let other: Person;
  beforeAll(async () => {
    contestId = await createContest(kit(), { works_per_participant: 10 });
    owner = await participant(kit().ctx);
    other = await participant(kit().ctx);
  });

  const reject = async (id: number) => {
    const res = await call(kit().ctx, 'POST', `/v1/olympiad/moderation/works/${id}/decision`, kit().moderator, { decision: 'rejected', reason_code: 'poor_quality' });
    expect(res.statusCode).toBe(200);
  };

  test('a rejected work shows the reason; edited, it goes back to moderation from now, and a new file replaces the old one', async () => {
    const id = await uploadedWork(kit(), owner, contestId, 'Первый вариант');
    await reject(id);
    const mine = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token)).json().data.find((w: { id: number }) => w.id === id);
    expect(mine).toMatchObject({ status: 'rejected', rejection_reason: 'The file is hard to see: too small, blurred or dark.' });
    const ru = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token, undefined, 'ru')).json().data.find((w: { id: number }) => w.id === id);
    expect(ru.rejection_reason).toBe('Работу плохо видно: слишком мелко, размыто или темно.');
    await kit().ctx.database.db.execute(sql`update creative_works set submitted_at = now() - interval '3 days' where id = ${id}`);

    const oldImage = mine.image.id;
    const edited = await call(kit().ctx, 'POST', `/v1/olympiad/works/${id}`, owner.token, workForm({ title: 'Второй вариант', description: 'Крупнее' }, { name: 'big.jpg', data: await picture('jpeg', 800, 600), type: 'image/jpeg' }));
    expect(edited.statusCode).toBe(200);
    const work = edited.json().data;
    expect(work).toMatchObject({ id, status: 'moderation', rejection_reason: null, title: 'Второй вариант', description: 'Крупнее' });
    expect(Date.now() - Date.parse(work.submitted_at)).toBeLessThan(60_000);
    expect(work.image.id).not.toBe(oldImage);
    expect(await kit().ctx.database.db.select().from(images).where(eq(images.id, oldImage))).toEqual([]);
    expect(filesUnder(path.join(kit().dataDir, 'uploads', 'images', oldImage))).toEqual([]);
  });

  test('a failed edit keeps everything stored: the old file, title and state', async () => {
    const id = await uploadedWork(kit(), owner, contestId, 'Сохранённая');
    await reject(id);
    const before = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token)).json().data.find((w: { id: number }) => w.id === id);
    const html = { name: 'new.png', data: Buffer.from('<html>not a picture</html>'), type: 'image/png' };
    const refused = await call(kit().ctx, 'POST', `/v1/olympiad/works/${id}`, owner.token, workForm({ title: 'Новая', description: 'Новое' }, html));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual(['The file has an invalid format.']);
    const blank = await call(kit().ctx, 'POST', `/v1/olympiad/works/${id}`, owner.token, workForm({ title: '', description: 'Новое' }));
    expect(blank.json().errors.title).toEqual(['There are blank fields.']);
    const after = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token)).json().data.find((w: { id: number }) => w.id === id);
    expect(after).toEqual(before);
    expect((await call(kit().ctx, 'GET', after.file_url, owner.token)).statusCode).toBe(200);
  });

  test('without a file the edit keeps the stored one; a published work cannot be edited', async () => {
    const id = await uploadedWork(kit(), owner, contestId);
    const before = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token)).json().data.find((w: { id: number }) => w.id === id);
    const edited = await call(kit().ctx, 'POST', `/v1/olympiad/works/${id}`, owner.token, workForm({ title: 'Только название', description: 'И описание' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.image.id).toBe(before.image.id);
    await call(kit().ctx, 'POST', `/v1/olympiad/moderation/works/${id}/decision`, kit().moderator, { decision: 'approved' });
    const refused = await call(kit().ctx, 'POST', `/v1/olympiad/works/${id}`, owner.token, workForm({ title: 'Ещё', description: 'Ещё' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The work is already published and cannot be changed.');
  });

  test('another participant’s work is as good as missing: 404 on edit, delete and its unpublished file', async () => {
    const id = await uploadedWork(kit(), owner, contestId);
    const edit = await call(kit().ctx, 'POST', `/v1/olympiad/works/${id}`, other.token, workForm({ title: 'Чужая', description: 'Чужая' }, { name: 'x.png', data: await picture('png'), type: 'image/png' }));
    expect(edit.statusCode).toBe(404);
    expect((await call(kit().ctx, 'DELETE', `/v1/olympiad/works/${id}`, other.token)).statusCode).toBe(404);
    expect((await call(kit().ctx, 'GET', `/v1/olympiad/works/${id}/file`, other.token)).statusCode).toBe(404);
    expect((await call(kit().ctx, 'GET', `/v1/olympiad/works/${id}/file`)).statusCode).toBe(404);
    expect((await call(kit().ctx, 'GET', `/v1/olympiad/works/${id}/file`, kit().moderator)).statusCode).toBe(200);
    const mine = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token)).json().data.find((w: { id: number }) => w.id === id);
    expect(mine.title).toBe('Весна в городе');
  });

  test('the author takes a work back: it and its files are gone', async () => {
    const id = await uploadedWork(kit(), owner, contestId);
    const mine = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token)).json().data.find((w: { id: number }) => w.id === id);
    expect((await call(kit().ctx, 'DELETE', `/v1/olympiad/works/${id}`, owner.token)).statusCode).toBe(204);
    expect((await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', owner.token)).json().data.some((w: { id: number }) => w.id === id)).toBe(false);
    expect(filesUnder(path.join(kit().dataDir, 'uploads', 'images', mine.image.id))).toEqual([]);
    expect((await call(kit().ctx, 'DELETE', `/v1/olympiad/works/${id}`, owner.token)).statusCode).toBe(404);
  });
});
