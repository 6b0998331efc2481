/**
 * @jest-environment node
 */
// Node has the real Request and Response the browser gives the base query (jsdom has neither); the page is a stand-in with the one block.
const PRODUCT = { data: { id: 7, name: 'Колонка' } };
const block = { textContent: JSON.stringify({ '/v1/products/7': PRODUCT, '/v1/home/stats': { data: { users: 3 } } }), hasAttribute: () => false };
Object.assign(globalThis, { document: { getElementById: (id: string) => (id === 'first-reads' ? block : null) } });

let firstReadPaths: typeof import('../../src/services/first-reads').firstReadPaths;
let takeFirstRead: typeof import('../../src/services/first-reads').takeFirstRead;
beforeAll(async () => {
  ({ firstReadPaths, takeFirstRead } = await import('../../src/services/first-reads'));
});

test("a guest's first GET of a path the page came with is answered from it, once; anything else goes to the network", async () => {
  expect(firstReadPaths()).toEqual(['/v1/products/7', '/v1/home/stats']);
  // Someone signed in asks with their token: their marks are not in the page's copy.
  expect(takeFirstRead(new Request('http://localhost/v1/home/stats', { headers: { authorization: 'Bearer t' } }))).toBeNull();
  expect(takeFirstRead(new Request('http://localhost/v1/products/7', { method: 'DELETE' }))).toBeNull();
  expect(takeFirstRead(new Request('http://localhost/v1/products/8'))).toBeNull();
  const answer = takeFirstRead(new Request('http://localhost/v1/products/7'));
  expect(answer?.status).toBe(200);
  expect(await answer!.json()).toEqual(PRODUCT);
  // Asked again (a refetch), it is the network's turn; the page still says what it came with (for the offline copy).
  expect(takeFirstRead(new Request('http://localhost/v1/products/7'))).toBeNull();
  expect(firstReadPaths()).toEqual(['/v1/products/7', '/v1/home/stats']);
});
