import { typosBetween } from '../../../server/modules/catalog/search/search-corrections';
import { typoDistance, typosAllowed } from '../../../server/modules/catalog/search/typo-distance';

describe('typoDistance', () => {
  test('each kind of typo counts one', () => {
    expect(typoDistance('чайник', 'чайник')).toBe(0);
    expect(typoDistance('чайник', 'чайнк')).toBe(1); // a letter dropped
    expect(typoDistance('чайник', 'чайниик')).toBe(1); // a letter added
    expect(typoDistance('чайник', 'чайнек')).toBe(1); // a letter replaced
    expect(typoDistance('чайник', 'чайинк')).toBe(1); // two neighbours swapped
    expect(typoDistance('kettle', 'ketlte')).toBe(1);
    expect(typoDistance('ёлка', 'елка')).toBe(1);
  });

  test('typos add up, and a swap is not two replacements', () => {
    expect(typoDistance('холодильник', 'холодилнки')).toBe(2);
    expect(typoDistance('холодильник', 'хлодилник')).toBe(2);
    expect(typoDistance('ab', 'ba')).toBe(1);
    expect(typoDistance('abc', 'ca')).toBe(3); // optimal string alignment: no part is edited twice
    expect(typoDistance('', 'abc')).toBe(3);
    expect(typoDistance('kitten', 'sitting')).toBe(3);
  });

  test('with a limit, anything past it answers limit + 1', () => {
    expect(typoDistance('sneakers', 'trainers', 2)).toBe(3);
    expect(typoDistance('телевизор', 'тв', 2)).toBe(3);
    expect(typoDistance('телевизор', 'телевезор', 2)).toBe(1);
  });
});

describe('typosAllowed', () => {
  test('none under five letters, one from five, two from nine', () => {
    expect(typosAllowed('кофе')).toBe(0);
    expect(typosAllowed('диван')).toBe(1);
    expect(typosAllowed('кроссовк')).toBe(1);
    expect(typosAllowed('кроссовки')).toBe(2);
    expect(typosAllowed('ёжик')).toBe(0);
  });
});

describe('typosBetween (what a correction accepts)', () => {
  test('the rule holds for the longer of the two words, so a letter dropped from a five-letter word is still forgiven', () => {
    expect(typosBetween('диан', 'диван')).toBe(1);
    expect(typosBetween('кофее', 'кофе')).toBe(1);
    expect(typosBetween('кот', 'кто')).toBeNull(); // short words: no typos at all
    expect(typosBetween('дивна', 'диван')).toBe(1);
    expect(typosBetween('дина', 'диван')).toBeNull(); // two typos in five letters
    expect(typosBetween('холодилнки', 'холодильник')).toBe(2);
    expect(typosBetween('хлодилнки', 'холодильник')).toBeNull(); // three
  });
});
