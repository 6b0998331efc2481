import { SEED_LARGE_DEFAULT, SeedSizeError, seedLargeSize } from '../../../server/scripts/seed-large-size';

describe('seed:large size', () => {
  test('the argument wins over SEED_LARGE_COUNT, which wins over the default', () => {
    expect(seedLargeSize('1000000', '5')).toBe(1_000_000);
    expect(seedLargeSize(undefined, '250000')).toBe(250_000);
    expect(seedLargeSize(undefined, undefined)).toBe(SEED_LARGE_DEFAULT);
    expect(seedLargeSize(undefined, '')).toBe(SEED_LARGE_DEFAULT);
  });

  test('digit groups may be separated by _ or ,', () => {
    expect(seedLargeSize('1_000_000', undefined)).toBe(1_000_000);
    expect(seedLargeSize('1,000,000', undefined)).toBe(1_000_000);
  });

  test.each(['abc', '1e6', '-5', '12.5', '12 3', '1,00', '0x10', '', ' '])('%j is refused with a message that names it', (given) => {
    expect(() => seedLargeSize(given, undefined)).toThrow(SeedSizeError);
    expect(() => seedLargeSize(given, undefined)).toThrow(/the size argument/);
  });

  test('zero and more than ten million are refused, from the environment too', () => {
    expect(() => seedLargeSize('0', undefined)).toThrow(/from 1 to 10,000,000/);
    expect(() => seedLargeSize('10000001', undefined)).toThrow(/from 1 to 10,000,000/);
    expect(() => seedLargeSize(undefined, 'many')).toThrow(/SEED_LARGE_COUNT/);
  });
});
