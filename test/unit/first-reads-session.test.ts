/**
 * @jest-environment node
 */
// A signed-in visitor's page: its block (`data-session`) was answered as the session the page was asked with.
const CHATS = { data: [{ id: 3 }], meta: { current_page: 1 } };
const block = { textContent: JSON.stringify({ '/v1/chats?page=1&per_page=50': CHATS }), hasAttribute: (name: string) => name === 'data-session' };
Object.assign(globalThis, { document: { cookie: 'auth_token=tok-1; userId=5', getElementById: (id: string) => (id === 'first-reads' ? block : null) } });

let takeFirstRead: typeof import('../../src/services/first-reads').takeFirstRead;
beforeAll(async () => {
  ({ takeFirstRead } = await import('../../src/services/first-reads'));
});

const chats = (authorization?: string) => new Request('http://localhost/v1/chats?page=1&per_page=50', { headers: authorization ? { authorization } : {} });

test("a signed-in page's reads are taken only by a request of the same session, once", async () => {
  // Without a session (a guest's request) or with another one, the network answers.
  expect(takeFirstRead(chats())).toBeNull();
  expect(takeFirstRead(chats('Bearer tok-2'))).toBeNull();
  const answer = takeFirstRead(chats('Bearer tok-1'));
  expect(await answer?.json()).toEqual(CHATS);
  expect(takeFirstRead(chats('Bearer tok-1'))).toBeNull();
});

export {};
