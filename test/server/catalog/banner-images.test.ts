import { SEED_BANNERS } from '../../../server/db/seed/catalog-seed-data';
import { bannerCard, cardSvg } from '../../../server/db/seed/catalog-seed-images';

// The home page prints a banner's title and subtitle as text over its picture, in the reader's language;
// words drawn into the picture as well overlapped them (and stayed Russian in English).
describe('banner pictures', () => {
  test.each(SEED_BANNERS.map((banner) => [banner.title[1], banner.hue] as const))('%s is drawn without any text', (_title, hue) => {
    const svg = cardSvg(bannerCard(hue));
    expect(svg).not.toMatch(/<text/);
    expect(svg).toMatch(/^<svg [^>]*width="960" height="320"/);
  });

  test('other cards still carry their initials and label', () => {
    expect(cardSvg({ width: 320, height: 320, hue: 10, initials: 'AB', label: 'Shop' })).toMatch(/<text[^>]*>AB<\/text>/);
  });
});
