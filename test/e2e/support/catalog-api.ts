import { BASE_URL } from './browser';
import { signInThroughApi } from './sign-in';

export type Json = Record<string, unknown>;

/** Calls the API as the person whose bearer token is given (or as a guest), with the answer's status and body. */
export async function call(token: string | null, method: string, path: string, body?: Json): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** The `data` of an answer that had to be `status`; anything else fails the test with what the server said. */
async function dataOf<T>(answer: Promise<{ status: number; body: Json }>, status: number, what: string): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what} → ${got} ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Opens a store of the person's own through the API (in the first store category, open on Mondays); returns its id. */
export async function openStore(token: string, name: string): Promise<number> {
  const categories = await dataOf<Array<{ id: number }>>(call(null, 'GET', '/v1/business-categories?kind=store'), 200, 'store categories');
  const store = await dataOf<{ id: number }>(
    call(token, 'POST', '/v1/business', {
      kind: 'store',
      category_id: categories[0].id,
      name,
      address: 'Москва, ул. Полевая, 3',
      working_hours: { mon: { open: '09:00', close: '18:00' }, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
    }),
    201,
    'open a store',
  );
  await approveAsModerator('businesses', store.id);
  return store.id;
}

let moderator: Promise<string> | null = null;

/**
 * Approves an item the real way (issue 17: a new business waits for a moderator before anyone
 * sees it): the demo moderator claims and approves it through the queue's calls. Signing in
 * the moderator changes nothing of their state, so several files may do it at once.
 */
export async function approveAsModerator(kind: 'businesses' | 'ads' | 'products', id: number): Promise<void> {
  moderator ??= signInThroughApi('moderator@example.com');
  const token = await moderator;
  await dataOf(call(token, 'POST', `/v1/admin/moderation/${kind}/${id}/claim`), 200, `claim ${kind} ${id}`);
  await dataOf(call(token, 'POST', `/v1/admin/moderation/${kind}/${id}/approve`), 200, `approve ${kind} ${id}`);
}

/** Publishes a product in the person's business through the API; returns its id. */
export async function publishProduct(token: string, businessId: number, name: string, price = 250_000): Promise<number> {
  const product = await dataOf<{ id: number }>(call(token, 'POST', '/v1/products', { business_id: businessId, name, price, stock: 3 }), 201, 'publish a product');
  return product.id;
}
