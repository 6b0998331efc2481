import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Markdown, parseBlocks } from '../../src/features/olympiad/content/markdown';
import { renderScreen } from './support/render';

const show = (source: string, foldQuestions = false) =>
  renderScreen(
    <MemoryRouter>
      <Markdown source={source} foldQuestions={foldQuestions} />
    </MemoryRouter>,
  );

test('headings, paragraphs, lists and bold text', () => {
  expect(parseBlocks('Intro line one\nline two\n\n## Part\n- a\n- b\n\n1. first\n2. second')).toEqual([
    { kind: 'p', text: 'Intro line one line two' },
    { kind: 'h2', text: 'Part' },
    { kind: 'ul', items: ['a', 'b'] },
    { kind: 'ol', items: ['first', 'second'] },
  ]);
  show('## Stages\n- **First stage** — 25 minutes');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Stages');
  expect(screen.getByText('First stage').tagName).toBe('STRONG');
});

test('links: site pages through the router, files and https in a new tab, anything else as plain text', () => {
  show('[Rules](/olympiad/rules) [Agreement](/docs/user-agreement.pdf) [Site](https://example.org) [Bad](javascript:alert(1))');
  expect(screen.getByRole('link', { name: 'Rules' }).getAttribute('href')).toBe('/olympiad/rules');
  expect(screen.getByRole('link', { name: 'Rules' }).getAttribute('target')).toBeNull();
  expect(screen.getByRole('link', { name: 'Agreement' }).getAttribute('target')).toBe('_blank');
  expect(screen.getByRole('link', { name: 'Site' }).getAttribute('rel')).toBe('noopener noreferrer');
  expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
  expect(screen.getByText(/Bad/)).toBeTruthy();
});

test('markup in the text is shown as text, never run', () => {
  const { container } = show('<img src=x onerror="alert(1)"> <b>bold</b>');
  expect(container.querySelector('img')).toBeNull();
  expect(container.textContent).toContain('<b>bold</b>');
});

test('in the FAQ every question folds open on its answer', () => {
  const { container } = show('### Who can take part?\nStudents aged 10 to 18.\n\n### Is it free?\nYes.', true);
  const items = container.querySelectorAll('details');
  expect(items).toHaveLength(2);
  expect(items[0].querySelector('summary')!.textContent).toBe('Who can take part?');
  expect(items[1].textContent).toContain('Yes.');
});
