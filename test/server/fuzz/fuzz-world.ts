import { eq } from 'drizzle-orm';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { seedOlympiad } from '../../../server/db/seed/olympiad-seed';
import { seedOlympiadTests } from '../../../server/db/seed/olympiad-tests-seed';
import { seedOlympiadWorks } from '../../../server/db/seed/olympiad-works-seed';
import { creativeContests, creativeWorks, olympiadStages, olympiadTests } from '../../../server/db/schema';
import { messagingFor } from '../../../server/modules/chats/messaging';
import { adCategoryId, createBusiness, createCatalogApp, createProduct, pngImage, uploadImage, type CatalogTestContext } from '../catalog/catalog-helpers';
import { form, image } from '../chats/chat-test-kit';
import { bearer, signIn } from '../helpers/test-app';
import { nextIp } from '../olympiad/olympiad-helpers';
import { verifiedParticipant } from '../olympiad-tests/tests-kit';

export type Role = 'guest' | 'buyer' | 'seller' | 'support' | 'moderator' | 'admin' | 'student' | 'throwaway';

/** Ids of real rows, so that one hostile field at a time meets otherwise good input. */
export interface WorldIds {
  business: number;
  product: number;
  category: number;
  ad: number;
  imageId: string;
  chat: number;
  attachment: number;
  conversation: number;
  cannedReply: number;
  notification: number;
  stage: number;
  finalStage: number;
  test: number;
  attempt: number;
  question: number;
  essayAttempt: number;
  essayQuestion: number;
  participant: number;
  buyer: number;
  seller: number;
  supportAgent: number;
  session: number;
  contest: number;
  /** The demo participant's work on moderation. */
  work: number;
}

export interface World {
  ctx: CatalogTestContext;
  ids: WorldIds;
  /** The bearer token a role uses (`throwaway` is an account that may be signed out or deleted). */
  token(role: Role): Promise<string | undefined>;
  /** Every sending allowance and per-address wait starts afresh. */
  resetLimits(): void;
}

type Json = Record<string, unknown>;

async function ok(res: { statusCode: number; body: string }, what: string): Promise<Json> {
  if (res.statusCode >= 300) throw new Error(`${what} → ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as Json;
}

/** The app with every kind of account signed in and one of every resource the routes name by id. */
export async function createWorld(): Promise<World> {
  const ctx = await createCatalogApp();
  const db = ctx.database.db;
  await seedDemoAccounts(db);
  await seedOlympiad(db);
  await seedOlympiadTests(db);
  await seedOlympiadWorks(db, ctx.app.storage);
  const sign = (email: string) => signIn(ctx, email, { ip: nextIp() });
  const [admin, support, moderator, seller, buyer, student] = await Promise.all([
    sign('admin@example.com'),
    sign('support@example.com'),
    sign('moderator@example.com'),
    sign('seller@example.com'),
    sign('buyer@example.com'),
    sign('student@example.com'),
  ]);
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...bearer(token), ...headers }, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as object }) });

  const business = await createBusiness(ctx, seller.token);
  const product = await createProduct(ctx, seller.token, business.id);
  const category = (await ok(await inject('POST', '/v1/categories', seller.token, { business_id: business.id, name: 'Овощи' }), 'category')).data as Json;
  const ad = (await ok(await inject('POST', '/v1/ads', seller.token, { category_id: await adCategoryId(ctx, 'electronics').catch(() => 1), title: 'Велосипед' }), 'ad')).data as Json;
  const uploaded = await uploadImage(ctx, seller.token, await pngImage(300, 200));
  if (uploaded.status !== 201) throw new Error(`upload → ${uploaded.status} ${JSON.stringify(uploaded.body)}`);

  const sent = await inject('POST', '/v1/messages', buyer.token, form({ recipient_id: seller.userId, content: 'Здравствуйте' }, [{ name: 'a.png', data: await image('png'), type: 'image/png' }]));
  const message = (await ok(sent, 'message')).data as { chat_id: number; attachments: Array<{ id: number }> };
  const supportMessage = (await ok(await inject('POST', '/v1/support/messages', buyer.token, { content: 'Помогите' }), 'support message')).data as { chat_id: number };
  const canned = (await ok(await inject('POST', '/v1/support/canned-replies', support.token, { shortcut: 'hello', title: 'Привет', content: 'Здравствуйте!' }), 'canned reply')).data as Json;
  await ok(await inject('POST', '/v1/admin/notifications', admin.token, { user_id: buyer.userId, title: 'Привет', body: 'Текст' }), 'notification');
  const notifications = (await ok(await inject('GET', '/v1/notifications', buyer.token), 'notifications')).data as Array<{ id: number }>;

  const stages = await db.select().from(olympiadStages);
  const stageOf = (kind: string) => stages.find((s) => s.kind === kind)!.id;
  const testId = async (title: string) => (await db.select({ id: olympiadTests.id }).from(olympiadTests).where(eq(olympiadTests.title, title)))[0].id;
  const training = await testId('Тренировочный тест');
  const started = (await ok(await inject('POST', `/v1/olympiad/tests/${training}/start`, student.token), 'start')).data as { id: number; questions: Array<{ id: number }> };
  // A second participant writes the essay that staff grade.
  const essayWriter = await verifiedParticipant(ctx);
  const essayTest = await testId('Эссе второго этапа');
  await db.update(olympiadStages).set({ startsAt: new Date(Date.now() - 86_400_000), endsAt: new Date(Date.now() + 86_400_000) }).where(eq(olympiadStages.id, stageOf('second')));
  const essay = await inject('POST', `/v1/olympiad/tests/${essayTest}/start`, essayWriter);
  const essayAttempt = essay.statusCode < 300 ? (JSON.parse(essay.body).data as { id: number; questions: Array<{ id: number }> }) : null;
  const participant = (await ok(await inject('GET', '/v1/olympiad/me', student.token), 'me')).data as { user?: { id: number }; id?: number };
  const sessions = (await ok(await inject('GET', '/v1/sessions', buyer.token), 'sessions')).data as Array<{ id: number }>;

  const ids: WorldIds = {
    business: business.id,
    product: product.id,
    category: Number(category.id),
    ad: Number(ad.id),
    imageId: String(uploaded.body.data.id),
    chat: message.chat_id,
    attachment: message.attachments[0].id,
    conversation: supportMessage.chat_id,
    cannedReply: Number(canned.id),
    notification: notifications[0].id,
    stage: stageOf('training'),
    finalStage: stageOf('final'),
    test: training,
    attempt: started.id,
    question: started.questions[0].id,
    essayAttempt: essayAttempt?.id ?? started.id,
    essayQuestion: essayAttempt?.questions[0].id ?? started.questions[0].id,
    participant: participant.user?.id ?? participant.id ?? student.userId,
    buyer: buyer.userId,
    seller: seller.userId,
    supportAgent: support.userId,
    session: sessions[0].id,
    contest: (await db.select({ id: creativeContests.id }).from(creativeContests))[0].id,
    work: (await db.select({ id: creativeWorks.id }).from(creativeWorks).where(eq(creativeWorks.status, 'moderation')))[0].id,
  };

  const tokens: Record<Exclude<Role, 'guest' | 'throwaway'>, string> = {
    admin: admin.token,
    support: support.token,
    moderator: moderator.token,
    seller: seller.token,
    buyer: buyer.token,
    student: student.token,
  };
  let throwaway: string | undefined;
  const alive = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me', headers: bearer(token) })).statusCode === 200;

  return {
    ctx,
    ids,
    async token(role) {
      if (role === 'guest') return undefined;
      if (role !== 'throwaway') return tokens[role];
      // An olympiad participant of its own: sign-out, password changes and account deletion may end it.
      if (!throwaway || !(await alive(throwaway))) throwaway = await verifiedParticipant(ctx);
      return throwaway;
    },
    resetLimits() {
      messagingFor(ctx.app).limiter.reset();
    },
  };
}
