import { heroImageOf } from '../../shared/first-reads';

const picture = (name: string) => ({ url: `/storage/images/${name}/600.webp`, srcset: `/storage/images/${name}/600.webp 600w, /storage/images/${name}/1200.webp 1200w` });

test("a screen's largest picture is preloaded as its <img> asks for it: a product's first, a store's cover across the page", () => {
  const product = { '/v1/products/7': { data: { images: [picture('a'), picture('b')], image: picture('c') } } };
  expect(heroImageOf('product', 7, product)).toEqual({ ...picture('a'), sizes: '(max-width: 800px) 100vw, 600px' });
  const store = { '/v1/business/3': { data: { cover: picture('cover'), logo: picture('logo') } } };
  expect(heroImageOf('store', 3, store)).toEqual({ ...picture('cover'), sizes: '100vw' });
});

test('nothing is preloaded for a store without a cover, a screen without a hero, or a read the page did not get', () => {
  expect(heroImageOf('store', 3, { '/v1/business/3': { data: { cover: null } } })).toBeNull();
  expect(heroImageOf('store', 3, {})).toBeNull();
  expect(heroImageOf('chats', null, {})).toBeNull();
  expect(heroImageOf('product', null, {})).toBeNull();
});
