import { typoDistance } from '../../modules/catalog/search/typo-distance';
import { random } from './catalog-seed';

/**
 * The words the large catalogue's names are made of besides the demo shelves' items. A real catalogue of a
 * million products has a long tail of brand names and attributes, and that tail is what makes typo correction
 * hard (many name words lie a typo or two apart) and every search's words new: a few dozen fixed brands would
 * give a vocabulary of some 1,500 words however many products there are.
 */

/** Words that turn one shelf item into many believable products. */
export const MODIFIERS: ReadonlyArray<readonly [string, string]> = [
  ['премиум', 'premium'],
  ['эконом', 'economy'],
  ['мини', 'mini'],
  ['макси', 'maxi'],
  ['органический', 'organic'],
  ['классический', 'classic'],
  ['новинка', 'new'],
  ['набор', 'set'],
  ['лимитированная серия', 'limited edition'],
  ['для всей семьи', 'family size'],
  ['подарочный', 'gift'],
  ['домашний', 'homemade'],
  ['профессиональный', 'professional'],
  ['сезонный', 'seasonal'],
  ['быстрый', 'express'],
];

/** Colours and finishes, on about half of the names. */
export const COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['чёрный', 'black'],
  ['белый', 'white'],
  ['серый', 'grey'],
  ['синий', 'blue'],
  ['красный', 'red'],
  ['зелёный', 'green'],
  ['бежевый', 'beige'],
  ['розовый', 'pink'],
  ['жёлтый', 'yellow'],
  ['коричневый', 'brown'],
  ['фиолетовый', 'purple'],
  ['голубой', 'sky blue'],
  ['оранжевый', 'orange'],
  ['бордовый', 'burgundy'],
  ['золотистый', 'golden'],
  ['серебристый', 'silver'],
  ['матовый', 'matte'],
  ['глянцевый', 'glossy'],
];

/** The brands of the first benchmarks, kept first (and most used) so earlier bench texts still match. */
const CLASSIC_BRANDS = ['Alpha', 'Nord', 'Vita', 'Sever', 'Volga', 'Ural', 'Terra', 'Luna', 'Sol', 'Kedr', 'Altai', 'Baikal'];
/** Consonant-vowel syllables, and a closing consonant: 14 × 5 × 2 … enough room for 1,500 names three typos apart. */
const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
const CLOSINGS = ['', 'n', 'r', 'l', 's', 'x'];
const GENERATED_BRANDS = 1_500;
/**
 * Typos between any two generated brands at least. Real brand names are mostly far apart; syllable soup is not: with
 * no such rule a quarter of the brands lay one typo from another («nomarli», «marli»), where no engine can tell which
 * was meant and the typo recall measured the generator rather than the search.
 */
const BRAND_DISTANCE = 3;

/**
 * 12 classic brands and 1,500 made of two or three syllables («Belmarko», «Torvile»), the same every run.
 * Brands are used unevenly, as in a real catalogue (`pickBrand`).
 */
export const BRANDS: readonly string[] = (() => {
  const rnd = random(1_000_003);
  const names = CLASSIC_BRANDS.map((brand) => brand.toLowerCase());
  const syllable = () => rnd.pick([...CONSONANTS]) + rnd.pick([...VOWELS]);
  while (names.length < CLASSIC_BRANDS.length + GENERATED_BRANDS) {
    const name = Array.from({ length: rnd.int(2, 3) }, syllable).join('') + rnd.pick(CLOSINGS);
    if (name.length < 5 || names.some((other) => typoDistance(name, other, BRAND_DISTANCE - 1) < BRAND_DISTANCE)) continue;
    names.push(name);
  }
  return names.map((name) => name[0].toUpperCase() + name.slice(1));
})();

/** A brand, the first ones far more often (the square of a uniform draw: the first 1 % of brands get 10 % of the names). */
export function pickBrand(next: () => number): string {
  const draw = next();
  return BRANDS[Math.floor(draw * draw * BRANDS.length)];
}
