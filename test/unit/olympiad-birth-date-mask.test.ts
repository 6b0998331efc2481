import { maskBirthDate } from '../../src/features/olympiad/components/birth-date-mask';

test('digits become DD.MM.YYYY or MM.DD.YYYY as they are typed; other characters are dropped', () => {
  expect(maskBirthDate('1')).toBe('1');
  expect(maskBirthDate('12')).toBe('12');
  expect(maskBirthDate('123')).toBe('12.3');
  expect(maskBirthDate('1205')).toBe('12.05');
  expect(maskBirthDate('12052012')).toBe('12.05.2012');
  expect(maskBirthDate('12.05.2012')).toBe('12.05.2012');
  expect(maskBirthDate('12/05/2012')).toBe('12.05.2012');
  expect(maskBirthDate('120520129')).toBe('12.05.2012');
  expect(maskBirthDate('ab12\u200Bcd')).toBe('12');
});

test('a dot typed after a complete day or month stays, so deleting and retyping works', () => {
  expect(maskBirthDate('12.')).toBe('12.');
  expect(maskBirthDate('12.05.')).toBe('12.05.');
  expect(maskBirthDate('12.0')).toBe('12.0');
});
