import { perField, splitList, toBody, toFields } from '../../src/features/search-synonyms/synonym-fields';
import { runSchema } from '../../shared/validation/run-schema';
import { searchSynonymSchema } from '../../shared/validation/search-synonyms';

test('the comma-separated fields become the lists the API takes, and back', () => {
  expect(splitList(' телефон, смартфон ,, ')).toEqual(['телефон', 'смартфон']);
  expect(toBody({ terms: 'телефон, смартфон', expansions: '' })).toEqual({ terms: ['телефон', 'смартфон'], expansions: [] });
  expect(toFields({ terms: ['apple'], expansions: ['iphone', 'ipad'] })).toEqual({ terms: 'apple', expansions: 'iphone, ipad' });
  expect(toFields()).toEqual({ terms: '', expansions: '' });
});

test("a word's own message lands on its list's field, the first one winning", async () => {
  const result = await runSchema(searchSynonymSchema, toBody({ terms: 'телефон, один два три четыре, пять шесть семь восемь', expansions: '' }));
  expect(result.ok).toBe(false);
  if (result.ok) return;
  // The rule names the word ("terms[1]"); the form has one field for the list.
  expect(Object.keys(result.errors)).toEqual(expect.arrayContaining(['terms[1]', 'terms[2]']));
  expect(perField(result.errors)).toEqual({ terms: result.errors['terms[1]'][0] });
  // The server's 422 names it with a dot.
  expect(perField({ 'expansions.0': 'x', 'expansions.3': 'y', terms: 'z' })).toEqual({ expansions: 'x', terms: 'z' });
});
