import { eq, sql } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { seedOlympiad } from '../../../server/db/seed/olympiad-seed';
import { seedOlympiadTests } from '../../../server/db/seed/olympiad-tests-seed';
import { olympiadStages, olympiadTests } from '../../../server/db/schema';
import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import type { AttemptQuestion, AttemptResource, PresentedOption } from '../../../shared/api/olympiad-test-attempts';
import type { QuestionBody, QuestionResource } from '../../../shared/api/olympiad-test-bank';
import type { StaffTestResource, TestBody } from '../../../shared/api/olympiad-tests';
import { bearer, createTestApp, signIn, type TestContext } from '../helpers/test-app';
import { nextIp, register } from '../olympiad/olympiad-helpers';

export interface Kit {
  ctx: TestContext;
  admin: string;
  moderator: string;
  student: string;
  stages: Record<'training' | 'first' | 'second' | 'final', number>;
}

/** The real app on a fresh database with the demo accounts, stages, tests and the verified demo participant signed in. */
export async function createKit(): Promise<Kit> {
  const ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
  await seedOlympiad(ctx.database.db);
  await seedOlympiadTests(ctx.database.db);
  const [admin, moderator, student] = await Promise.all([
    signIn(ctx, 'admin@example.com', { ip: nextIp() }),
    signIn(ctx, 'moderator@example.com', { ip: nextIp() }),
    signIn(ctx, 'student@example.com', { ip: nextIp() }),
  ]);
  const rows = await ctx.database.db.select().from(olympiadStages);
  const stages = Object.fromEntries(rows.map((s) => [s.kind, s.id])) as Kit['stages'];
  return { ctx, admin: admin.token, moderator: moderator.token, student: student.token, stages };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as a user would make it (English answers unless asked otherwise). */
export function call(ctx: TestContext, method: Method, url: string, token?: string, payload?: unknown, lang = 'en') {
  return ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A newly registered participant whose e-mail is confirmed (straight in the database, as the letter flow has its own tests). */
export async function verifiedParticipant(ctx: TestContext): Promise<string> {
  const account = await register(ctx);
  await ctx.database.db.execute(
    sql`update olympiad_participants set email_verified_at = now(), verified_email = ${account.body.email} where user_id = ${account.userId}`,
  );
  await ctx.database.db.execute(sql`update users set email = pending_email, pending_email = null where id = ${account.userId}`);
  return account.token;
}

export async function createQuestion(kit: Kit, body: QuestionBody): Promise<number> {
  const res = await call(kit.ctx, 'POST', '/v1/olympiad/admin/questions', kit.admin, body);
  if (res.statusCode !== 201) throw new Error(`create question → ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export async function createTest(kit: Kit, body: TestBody): Promise<StaffTestResource> {
  const res = await call(kit.ctx, 'POST', '/v1/olympiad/admin/tests', kit.admin, body);
  if (res.statusCode !== 201) throw new Error(`create test → ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export async function seededTestId(kit: Kit, titleRu: string): Promise<number> {
  const [row] = await kit.ctx.database.db.select({ id: olympiadTests.id }).from(olympiadTests).where(eq(olympiadTests.title, titleRu));
  return row.id;
}

export async function start(kit: Kit, testId: number, token: string, lang = 'en'): Promise<AttemptResource> {
  const res = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${testId}/start`, token, undefined, lang);
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`start → ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export function save(kit: Kit, attemptId: number, questionId: number, version: number, answer: unknown, token: string, lang = 'en') {
  return call(kit.ctx, 'PUT', `/v1/olympiad/attempts/${attemptId}/answers/${questionId}`, token, { version, answer }, lang);
}

/** Moves an attempt's clock: its start and deadline `seconds` into the past, as if that much time had gone by. */
export async function age(kit: Kit, attemptId: number, seconds: number): Promise<void> {
  await kit.ctx.database.db.execute(sql`
    update olympiad_attempts
       set started_at = started_at - make_interval(secs => ${seconds}),
           deadline = deadline - make_interval(secs => ${seconds})
     where id = ${attemptId}`);
}

export async function attemptRow(kit: Kit, attemptId: number) {
  const result = (await kit.ctx.database.db.execute(
    sql`select finished_at, finished_by, deadline, closed_at, started_at from olympiad_attempts where id = ${attemptId}`,
  )) as unknown as { rows: Array<{ finished_at: string | Date | null; finished_by: string | null; deadline: string | Date | null; closed_at: string | Date | null; started_at: string | Date }> };
  const row = result.rows[0];
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  return { finishedAt: date(row.finished_at), finishedBy: row.finished_by, deadline: date(row.deadline), closedAt: date(row.closed_at), startedAt: date(row.started_at)! };
}

/**
 * The right answer to a question as this attempt shows it, worked out the
 * way a teacher would: from the bank's right options (staff view) and the
 * texts on the participant's screen (English).
 */
export async function rightAnswer(kit: Kit, question: AttemptQuestion): Promise<AnswerValue> {
  const staff = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/questions/${question.id}`, kit.admin)).json().data as QuestionResource;
  const en = (item: { text: string; text_en: string | null }) => item.text_en ?? item.text;
  const letterOf = (list: PresentedOption[] | undefined, text: string) => list!.find((o) => o.text === text)!.letter;
  switch (question.type) {
    case 'single_choice':
      return { choice: letterOf(question.options, en(staff.options!.find((o) => o.correct)!)) };
    case 'multiple_choice':
      return { choices: staff.options!.filter((o) => o.correct).map((o) => letterOf(question.options, en(o))).sort() };
    case 'ordering':
      return { order: staff.items!.map((item) => letterOf(question.items, en(item))) };
    case 'matching':
      return {
        matches: Object.fromEntries(
          question.prompts!.map((prompt) => {
            const pair = staff.pairs!.find((p) => (p.prompt_en ?? p.prompt) === prompt.text)!;
            return [prompt.key, letterOf(question.options, pair.answer_en ?? pair.answer)];
          }),
        ),
      };
    case 'closed_text':
      return { gaps: Object.fromEntries(staff.gaps!.map((option, i) => [String(i + 1), letterOf(question.options, en(staff.options![option]))])) };
    case 'open_text':
      return { text: staff.accepted![0] };
    case 'essay':
      return { text: 'Я хотел бы научиться программировать, потому что это помогает решать задачи.' };
  }
}

/** Some answer that is surely wrong for an auto-scored question. */
export function wrongAnswer(question: AttemptQuestion, right: AnswerValue): AnswerValue {
  switch (question.type) {
    case 'single_choice':
      return { choice: question.options!.find((o) => o.letter !== right.choice)!.letter };
    case 'multiple_choice':
      return { choices: right.choices!.slice(1) };
    case 'ordering':
      return { order: [...right.order!].reverse() };
    case 'matching': {
      const keys = Object.keys(right.matches!);
      return { matches: { ...right.matches, [keys[0]]: right.matches![keys[1]], [keys[1]]: right.matches![keys[0]] } };
    }
    case 'closed_text':
      return { gaps: { '1': right.gaps!['2'], '2': right.gaps!['1'] } };
    default:
      return { text: 'совсем не то' };
  }
}

/** Sets an attempt as started exactly `seconds` ago (its deadline moves with it). */
export async function startedAgo(kit: Kit, attemptId: number, seconds: number): Promise<void> {
  await kit.ctx.database.db.execute(sql`
    update olympiad_attempts
       set deadline = now() - make_interval(secs => ${seconds}) + (deadline - started_at),
           started_at = now() - make_interval(secs => ${seconds})
     where id = ${attemptId}`);
}
