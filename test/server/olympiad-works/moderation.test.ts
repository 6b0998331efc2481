import { and, eq, sql } from 'drizzle-orm';
import { adminAuditLog, creativeWorkDecisions } from '../../../server/db/schema';
import { userChannel } from '../../../shared/api/realtime-events';
import { letterTo } from '../olympiad/olympiad-helpers';
import { ageWork, call, createContest, participant, setUpWorksKit, uploadedWork, type Person } from './works-kit';

/** Moderation within 24 hours: the queue, claims two moderators cannot share, decisions kept and told to the participant. */

jest.setTimeout(60_000);
const kit = setUpWorksKit();
let contestId: number;
let author: Person;
let russian: Person;
let secondModerator: string;

beforeAll(async () => {
  contestId = await createContest(kit(), { works_per_participant: 50 });
  author = await participant(kit().ctx, {}, 'en');
  russian = await participant(kit().ctx, {}, 'ru');
  // The admin is staff too: two people who may moderate at once.
  secondModerator = kit().admin;
});

const queue = async (token = kit().moderator) => (await call(kit().ctx, 'GET', '/v1/olympiad/moderation/works?per_page=100', token)).json();
const claim = (id: number, token: string) => call(kit().ctx, 'POST', `/v1/olympiad/moderation/works/${id}/claim`, token);
const decide = (id: number, token: string, body: object, lang = 'en') => call(kit().ctx, 'POST', `/v1/olympiad/moderation/works/${id}/decision`, token, body, lang);

test('the queue puts overdue works first, then the oldest, with their age and how close they are to 24 hours', async () => {
  const fresh = await uploadedWork(kit(), author, contestId, 'Свежая');
  const soon = await uploadedWork(kit(), author, contestId, 'Скоро сутки');
  const overdue = await uploadedWork(kit(), author, contestId, 'Просрочена');
  await ageWork(kit().ctx, soon, 21);
  await ageWork(kit().ctx, overdue, 30);
  const { data, meta } = await queue();
  const ours = data.filter((w: { id: number }) => [fresh, soon, overdue].includes(w.id));
  expect(ours.map((w: { id: number }) => w.id)).toEqual([overdue, soon, fresh]);
  expect(ours.map((w: { due: string }) => w.due)).toEqual(['overdue', 'soon', 'ok']);
  expect(ours[0].age_hours).toBeGreaterThanOrEqual(30);
  expect(ours[0].author).toMatchObject({ id: author.userId, category: 'middle' });
  expect(ours[0].author.public_name).not.toContain('@');
  expect(meta.total).toBeGreaterThanOrEqual(3);
  // Decided works leave the queue.
  await decide(overdue, kit().moderator, { decision: 'approved' });
  expect((await queue()).data.some((w: { id: number }) => w.id === overdue)).toBe(false);
});

test('two moderators claiming one work at once: exactly one holds it, the other is told who', async () => {
  const id = await uploadedWork(kit(), author, contestId);
  const [a, b] = await Promise.all([claim(id, kit().moderator), claim(id, secondModerator)]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  const winner = a.statusCode === 200 ? a : b;
  const loser = a.statusCode === 200 ? b : a;
  expect(winner.json().data).toMatchObject({ claimed_by_me: true });
  expect(loser.json().message).toMatch(/^Another moderator \(.+\) is deciding this work; it will be free in at most 15 min\.$/);
  // The one without the claim cannot decide it either; the holder can.
  const loserToken = winner === a ? secondModerator : kit().moderator;
  const winnerToken = winner === a ? kit().moderator : secondModerator;
  expect((await decide(id, loserToken, { decision: 'approved' })).statusCode).toBe(409);
  expect((await decide(id, winnerToken, { decision: 'approved' })).statusCode).toBe(200);
});

test('a claim lapses after 15 minutes, and a released claim frees the work at once', async () => {
  const id = await uploadedWork(kit(), author, contestId);
  expect((await claim(id, kit().moderator)).statusCode).toBe(200);
  expect((await claim(id, secondModerator)).statusCode).toBe(409);
  expect((await call(kit().ctx, 'POST', `/v1/olympiad/moderation/works/${id}/release`, kit().moderator)).statusCode).toBe(204);
  expect((await claim(id, secondModerator)).statusCode).toBe(200);
  await kit().ctx.database.db.execute(sql`update creative_works set claim_expires_at = now() - interval '1 second' where id = ${id}`);
  const taken = await claim(id, kit().moderator);
  expect(taken.statusCode).toBe(200);
  expect(taken.json().data.claimed_by_me).toBe(true);
});

test('deciding twice, or two decisions at once: one decision, the other 409 with a translated reason', async () => {
  const id = await uploadedWork(kit(), author, contestId);
  const [a, b] = await Promise.all([decide(id, kit().moderator, { decision: 'approved' }), decide(id, secondModerator, { decision: 'rejected', reason_code: 'off_topic' })]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  const again = await decide(id, kit().moderator, { decision: 'rejected', reason_code: 'other', reason: 'Поздно' }, 'ru');
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe('По этой работе уже принято решение; обновите очередь.');
  const rows = await kit().ctx.database.db.select().from(creativeWorkDecisions).where(eq(creativeWorkDecisions.workId, id));
  // The audit log of the admin area holds the one decision too, nothing for the refused ones.
  const audit = await kit().ctx.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, 'work'), eq(adminAuditLog.targetId, id)));
  expect(audit).toHaveLength(1);
  expect(audit[0].action).toBe(a.statusCode === 200 ? 'moderation.approve' : 'moderation.reject');
  expect(audit[0].reason).toBe(a.statusCode === 200 ? null : rows[0].reason);
  expect(rows).toHaveLength(1);
});

test('approval publishes the work; the author gets a notification live and a letter; the decision is kept with who and when', async () => {
  const id = await uploadedWork(kit(), author, contestId, 'Закат');
  const since = kit().ctx.letters.length;
  kit().ctx.events.length = 0;
  const res = await decide(id, kit().moderator, { decision: 'approved' });
  expect(res.statusCode).toBe(200);
  const item = res.json().data;
  expect(item).toMatchObject({ status: 'approved', claimed_by: null });
  expect(Date.now() - Date.parse(item.published_at)).toBeLessThan(60_000);
  expect(item.decisions).toHaveLength(1);
  expect(item.decisions[0]).toMatchObject({ decision: 'approved', reason: null });
  expect(item.decisions[0].moderator).toBeTruthy();

  const sent = kit().ctx.events.find((e) => e.channel === userChannel(author.userId) && e.event === 'NotificationSent');
  expect(sent?.data).toMatchObject({ notification: { type: 'work_moderated', data: { work_id: id, status: 'approved' }, title: 'Your work “Закат” is published' } });
  const notes = (await call(kit().ctx, 'GET', '/v1/notifications', author.token)).json().data;
  expect(notes[0]).toMatchObject({ type: 'work_moderated', data: { work_id: id, status: 'approved' } });
  const letter = await letterTo(kit().ctx, author.email, /Закат/, since);
  expect(letter.subject).toBe('Your work “Закат” is published');
  expect(letter.text).toContain('/olympiad/account/works');
  const mine = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', author.token)).json().data.find((w: { id: number }) => w.id === id);
  expect(mine.status).toBe('approved');
  // A published work's file is for everyone.
  expect((await call(kit().ctx, 'GET', mine.file_url)).statusCode).toBe(200);
});

test('a rejection needs a reason; the participant reads it in their own language, in the notification and the letter', async () => {
  const id = await uploadedWork(kit(), russian, contestId, 'Кот');
  const none = await decide(id, kit().moderator, { decision: 'rejected' });
  expect(none.statusCode).toBe(422);
  expect(none.json().errors.reason_code).toEqual(['Choose why the work is rejected.']);
  const otherWithout = await decide(id, kit().moderator, { decision: 'rejected', reason_code: 'other', reason: '  ' });
  expect(otherWithout.json().errors.reason).toEqual(['Write the reason for rejecting the work.']);

  const since = kit().ctx.letters.length;
  const res = await decide(id, kit().moderator, { decision: 'rejected', reason_code: 'off_topic' }, 'en');
  expect(res.statusCode).toBe(200);
  expect(res.json().data.decisions[0].reason).toBe('The work does not match the contest\'s topic.');
  const letter = await letterTo(kit().ctx, russian.email, /Кот/, since);
  expect(letter.subject).toBe('Ваша работа «Кот» не опубликована');
  expect(letter.text).toContain('Работа не соответствует теме конкурса.');
  const notes = (await call(kit().ctx, 'GET', '/v1/notifications', russian.token)).json().data;
  expect(notes[0].body).toBe('К сожалению, «Кот» не опубликована. Причина: Работа не соответствует теме конкурса.');

  const written = await uploadedWork(kit(), russian, contestId, 'Пёс');
  await decide(written, kit().moderator, { decision: 'rejected', reason_code: 'other', reason: 'Подпишите работу своим ником' });
  const mine = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', russian.token)).json().data.find((w: { id: number }) => w.id === written);
  expect(mine.rejection_reason).toBe('Подпишите работу своим ником');
});

test('staff score a published work only', async () => {
  const id = await uploadedWork(kit(), author, contestId);
  const early = await call(kit().ctx, 'PUT', `/v1/olympiad/works/${id}/score`, kit().moderator, { score: 7.5 });
  expect(early.statusCode).toBe(409);
  expect(early.json().message).toBe('Only a published work can be scored.');
  await decide(id, kit().moderator, { decision: 'approved' });
  const scored = await call(kit().ctx, 'PUT', `/v1/olympiad/works/${id}/score`, kit().moderator, { score: 7.5 });
  expect(scored.json().data.score).toBe(7.5);
  const cleared = await call(kit().ctx, 'PUT', `/v1/olympiad/works/${id}/score`, kit().admin, { score: null });
  expect(cleared.json().data.score).toBeNull();
});

test('participants, other users and guests may not moderate', async () => {
  const id = await uploadedWork(kit(), author, contestId);
  const requests: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
    ['GET', '/v1/olympiad/moderation/works'],
    ['POST', `/v1/olympiad/moderation/works/${id}/claim`],
    ['POST', `/v1/olympiad/moderation/works/${id}/release`],
    ['POST', `/v1/olympiad/moderation/works/${id}/decision`, { decision: 'approved' }],
    ['PUT', `/v1/olympiad/works/${id}/score`, { score: 1 }],
  ];
  for (const [method, url, body] of requests) {
    expect({ url, status: (await call(kit().ctx, method, url, author.token, body)).statusCode }).toEqual({ url, status: 403 });
    expect({ url, status: (await call(kit().ctx, method, url, kit().student.token, body)).statusCode }).toEqual({ url, status: 403 });
    expect({ url, status: (await call(kit().ctx, method, url, undefined, body)).statusCode }).toEqual({ url, status: 401 });
  }
  const mine = (await call(kit().ctx, 'GET', '/v1/olympiad/works/mine', author.token)).json().data.find((w: { id: number }) => w.id === id);
  expect(mine.status).toBe('moderation');
});
