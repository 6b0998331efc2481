import { validRegistration } from '../olympiad/olympiad-helpers';
import type { Role, WorldIds } from './fuzz-world';

/**
 * Good input for every operation, so that a hostile value in one field meets
 * good values everywhere else and reaches as deep as it can. Bodies not
 * listed here are made up from their schema.
 */

type Json = Record<string, unknown>;
const DAY = { open: '09:00', close: '18:00' };
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export function validBody(operation: string, ids: WorldIds): Json | undefined {
  const catalogTexts = { name: 'Свежие огурцы', name_en: 'Fresh cucumbers', description: 'С грядки', description_en: 'From the garden' };
  const business = {
    kind: 'store',
    category_id: 1,
    ...catalogTexts,
    address: 'Москва, ул. Полевая, 1',
    phone: '+79001234567',
    working_hours: { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: null, sun: null },
    logo_image_id: null,
    cover_image_id: null,
    delivery_discount_percent: 5,
  };
  const product = { business_id: ids.business, kind: 'product', category_id: null, ...catalogTexts, price: 15000, discount_percent: 0, currency: 'RUB', stock: 3, duration_minutes: null, image_ids: [ids.imageId], status: 'published' };
  const ad = { category_id: 1, title: 'Велосипед', title_en: 'Bicycle', description: 'Почти новый', description_en: null, price: 500000, currency: 'RUB', location: 'Казань', condition: 'used', image_ids: [], status: 'published' };
  const test = {
    stage_id: ids.stage,
    format: 'test',
    title: 'Проверочный тест',
    title_en: 'Check test',
    description: 'Описание',
    description_en: null,
    attempts_allowed: null,
    time_limit_minutes: null,
    question_count: null,
    categories: [],
    question_ids: [ids.question],
    opens_at: null,
    closes_at: null,
    published: false,
  };
  const question = { type: 'single_choice', category: 'Общие', name: 'Вопрос', text: 'Сколько будет 2 + 2?', text_en: null, max_points: 1, options: [{ text: '4', correct: true }, { text: '5', correct: false }] };
  const address = { city: 'Москва', street: 'Тверская', house: '1', flat: '5', entrance: null, floor: null, intercom: null, comment: null, is_default: true };
  const contest = { title_ru: 'Конкурс', title_en: 'Contest', description_ru: 'Правила', description_en: 'Rules', starts_at: soon(-1), ends_at: soon(10), stage_kinds: [], categories: [], works_per_participant: 3 };
  const password = { password: 'secret-pass-2', password_confirmation: 'secret-pass-2' };
  const table: Record<string, Json> = {
    'POST /broadcasting/auth': { socket_id: '1234.5678', channel_name: `private-user.${ids.buyer}` },
    'POST /v1/auth': { address: 'fuzz@example.com' },
    'POST /v1/verify-auth-otp': { address: 'fuzz@example.com', code: '123456' },
    'POST /v1/profile': { name: 'Ирина', email: 'buyer@example.com', phone: '', about: 'Обо мне' },
    'POST /v1/business': business,
    'POST /v1/business/{id}': business,
    'POST /v1/products': product,
    'POST /v1/products/{id}': product,
    'POST /v1/categories': { business_id: ids.business, name: 'Фрукты', name_en: 'Fruit', position: 1 },
    'POST /v1/categories/{id}': { name: 'Фрукты', name_en: 'Fruit', position: 1 },
    'POST /v1/ads': ad,
    'POST /v1/ads/{id}': ad,
    'POST /v1/admin/notifications': { user_id: ids.buyer, title: 'Заголовок', body: 'Текст' },
    'POST /v1/messages': { chat_id: ids.chat, content: 'Привет', client_id: crypto.randomUUID() },
    'POST /v1/support/messages': { content: 'Вопрос', client_id: crypto.randomUUID() },
    'POST /v1/support/conversations/{id}/messages': { content: 'Ответ', client_id: crypto.randomUUID() },
    'POST /v1/support/canned-replies': { shortcut: 'bye', title: 'Пока', content: 'До свидания' },
    'PATCH /v1/support/canned-replies/{id}': { title: 'Привет!' },
    'POST /v1/search/synonyms': { terms: ['худи', 'толстовка'], expansions: [] },
    'PATCH /v1/search/synonyms/{id}': { terms: ['телефон', 'смартфон'] },
    'POST /v1/support/conversations/{id}/assign': { assignee_id: ids.supportAgent },
    'POST /v1/support/conversations/{id}/status': { status: 'snoozed', snoozed_until: soon(1) },
    'POST /v1/support/conversations/{id}/notes': { content: 'Заметка' },
    'POST /v1/olympiad/register': validRegistration({ login: 'fuzzpupil', email: 'fuzz-pupil@example.com', ...password }),
    'POST /v1/olympiad/login': { login: 'nobody-here', password: 'wrong-password' },
    'POST /v1/olympiad/email/verify': { token: 'a'.repeat(43) },
    'POST /v1/olympiad/password/forgot': { email: 'nobody@example.com' },
    'POST /v1/olympiad/password/check': { token: 'a'.repeat(43) },
    'POST /v1/olympiad/password/reset': { token: 'a'.repeat(43), ...password, end_sessions: false },
    'DELETE /v1/olympiad/me': { password: 'wrong-password' },
    'PUT /v1/olympiad/me/personal': { login: 'fuzzpupil2', email: 'fuzz-pupil2@example.com', full_name: 'Мария Петрова', birth_date: `${new Date().getUTCFullYear() - 14}-01-15`, sex: 'female' },
    'PUT /v1/olympiad/me/profile': { country: 'Россия', city: 'Казань', school: 'Лицей', social_link: '', referral_source: 'school', category: 'middle' },
    'POST /v1/olympiad/me/password': { current_password: 'wrong-password', ...password, end_sessions: false },
    'PUT /v1/olympiad/content/{key}': { ru: { title: 'О нас', body: 'Текст' }, en: { title: 'About', body: 'Text' } },
    'PUT /v1/olympiad/stages/{id}': { starts_at: soon(-30), ends_at: soon(30), ended: false },
    'PUT /v1/olympiad/attempts/{id}/answers/{questionId}': { version: Date.now(), answer: { choice: 'A' } },
    'PUT /v1/olympiad/attempts/{id}/position': { index: 0 },
    'POST /v1/olympiad/admin/tests': test,
    'PUT /v1/olympiad/admin/tests/{id}': test,
    'POST /v1/olympiad/admin/questions': question,
    'PUT /v1/olympiad/admin/questions/{id}': question,
    'POST /v1/olympiad/admin/questions/import': { content: '::Q1:: 2 + 2 = {=4 ~5}', format: 'gift', category: 'Импорт', test_id: ids.test, dry_run: true },
    'PUT /v1/olympiad/admin/attempts/{id}/questions/{questionId}/grade': { points: 1, comment: 'Хорошо' },
    'PUT /v1/olympiad/admin/stages/{id}/results/{userId}': { points: 7.5, place: 1, comment: 'Молодец' },
    'POST /v1/olympiad/contests': contest,
    'PUT /v1/olympiad/contests/{id}': contest,
    'POST /v1/olympiad/moderation/works/{id}/decision': { decision: 'rejected', reason_code: 'other', reason: 'Подпишите работу' },
    'PUT /v1/olympiad/works/{id}/score': { score: 5 },
    'POST /v1/olympiad/works': { contest_id: ids.contest, title: 'Рисунок', description: 'Гуашь', upload_key: crypto.randomUUID() },
    'POST /v1/olympiad/works/{id}': { title: 'Рисунок', description: 'Гуашь' },
    'POST /v1/cart/items': { product_id: ids.product, quantity: 1 },
    'PUT /v1/cart/items/{id}': { quantity: 2 },
    'POST /v1/cart/merge': { items: [{ product_id: ids.product, quantity: 1 }] },
    'POST /v1/orders/from-cart': { idempotency_key: crypto.randomUUID(), delivery_kind: 'pickup', payment_kind: 'new_card', card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } },
    'PUT /v1/orders/{id}/status': { status: 'accepted' },
    'POST /v1/orders/{id}/cancel': { reason: 'Нет в наличии' },
    'POST /v1/orders/{id}/rate': { stars: 5, comment: 'Спасибо' },
    'POST /v1/addresses': address,
    'PUT /v1/addresses/{id}': address,
    'POST /v1/cards': { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', holder: 'IVAN IVANOV' },
    'POST /v1/deliveries': { order_id: 1, courier_name: 'Иван', courier_phone: '+79001234567', tracking_code: 'TRK1', expected_at: soon(1) },
  };
  return table[operation];
}

/** Good values of path parameters, by operation and name. */
export function validPathValue(path: string, name: string, ids: WorldIds): string {
  if (name === 'key') return 'about';
  if (name === 'attachmentId') return String(ids.attachment);
  if (name === 'userId') return String(ids.participant);
  if (name === 'questionId') return String(path.includes('/grade') ? ids.essayQuestion : ids.question);
  const byPrefix: Array<[RegExp, number]> = [
    [/^\/v1\/sessions\//, ids.session],
    [/^\/v1\/business\//, ids.business],
    [/^\/v1\/businesses\//, ids.business],
    [/^\/v1\/products\//, ids.product],
    [/^\/v1\/categories\//, ids.category],
    [/^\/v1\/ads\/users\//, ids.seller],
    [/^\/v1\/ads\//, ids.ad],
    [/^\/v1\/users\//, ids.seller],
    [/^\/v1\/notifications\//, ids.notification],
    [/^\/v1\/chats\//, ids.chat],
    [/^\/v1\/support\/canned-replies\//, ids.cannedReply],
    [/^\/v1\/support\/(conversations|chats)\//, ids.conversation],
    [/^\/v1\/olympiad\/stages\//, ids.stage],
    [/^\/v1\/olympiad\/admin\/stages\//, ids.finalStage],
    [/^\/v1\/olympiad\/tests\//, ids.test],
    [/^\/v1\/olympiad\/admin\/tests\//, ids.test],
    [/^\/v1\/olympiad\/admin\/questions\//, ids.question],
    [/^\/v1\/olympiad\/admin\/attempts\//, ids.essayAttempt],
    [/^\/v1\/olympiad\/attempts\//, ids.attempt],
    [/^\/v1\/olympiad\/contests\//, ids.contest],
    [/^\/v1\/olympiad\/(moderation\/)?works\//, ids.work],
  ];
  const found = byPrefix.find(([pattern]) => pattern.test(path));
  return String(found ? found[1] : 1);
}

/** Who calls an operation: the role that owns the resources it names. */
export function roleFor(method: string, path: string): Role {
  const operation = `${method} ${path}`;
  if (/^(GET \/v1\/sign-out|POST \/v1\/sessions\/revoke-others|DELETE \/v1\/sessions\/|DELETE \/v1\/olympiad\/me|POST \/v1\/olympiad\/me\/password|PUT \/v1\/olympiad\/me\/personal)/.test(operation)) {
    return 'throwaway';
  }
  if (/^\/v1\/(olympiad\/admin|admin\/|search\/synonyms)/.test(path) || /^(PUT \/v1\/olympiad\/(stages|content))/.test(operation)) return 'admin';
  if (/^\/v1\/olympiad\/moderation\//.test(path) || /^(POST|PUT) \/v1\/olympiad\/(contests|works\/\{id\}\/score)/.test(operation)) return 'admin';
  if (/^\/v1\/support\/(conversations|canned-replies|counts|events|agents)/.test(path)) return 'support';
  if (/^\/v1\/(cart|addresses|cards|orders\/(from-cart|user))/.test(path)) return 'buyer';
  if (/^\/v1\/(support\/(messages|chat|chats)|chats|messages|notifications|sessions|profile)/.test(path) || path === '/broadcasting/auth') return 'buyer';
  if (/^\/v1\/olympiad\//.test(path)) return 'student';
  return 'seller';
}
