import { htmlToText } from './html-text';
import type { ParsedBank, ParsedQuestion } from './import-types';
import { ensureRoomFor, ImportSyntaxError } from './import-types';
import { child, childrenNamed, parseXml, textOf, type XmlElement } from './xml-document';

/** Moodle's category paths start with a context ("$course$/top/…"); the bank keeps the rest. */
export function cleanCategory(path: string): string {
  return path
    .trim()
    .replace(/^\$[a-z0-9]+\$\/?/i, '')
    .replace(/^top\/?/i, '')
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');
}

/** A Moodle text: HTML unless the format says otherwise. */
function readText(element: XmlElement | undefined): string {
  if (!element) return '';
  const raw = textOf(element);
  const format = element.attrs.format ?? 'html';
  return format === 'html' || format === 'moodle_auto_format' ? htmlToText(raw) : raw.trim();
}

const fraction = (answer: XmlElement) => Number.parseFloat(answer.attrs.fraction ?? '0') || 0;

const points = (question: XmlElement) => {
  const grade = Number.parseFloat(child(question, 'defaultgrade')?.text ?? '1');
  return Number.isFinite(grade) && grade >= 1 ? Math.round(grade) : 1;
};

const TRUE_FALSE = [
  { text: 'Верно', en: 'True', value: 'true' },
  { text: 'Неверно', en: 'False', value: 'false' },
];

/**
 * Gaps of a drag-and-drop-into-text or select-missing-words question:
 * Moodle writes `[[n]]` meaning "choice n is right here". Ours number the
 * gaps in order and say which option belongs in each.
 */
function renumberGaps(text: string): { text: string; gaps: number[] } {
  const gaps: number[] = [];
  const renumbered = text.replace(/\[\[(\d+)\]\]/g, (_, choice: string) => {
    gaps.push(Number(choice) - 1);
    return `[[${gaps.length}]]`;
  });
  return { text: renumbered, gaps };
}

type Reader = (question: XmlElement, base: Omit<ParsedQuestion, 'type'>) => ParsedQuestion | { skip: string; values?: Record<string, string | number> };

const READERS: Record<string, Reader> = {
  multichoice: (q, base) => {
    const answers = childrenNamed(q, 'answer');
    const single = ['true', '1'].includes((child(q, 'single')?.text ?? 'true').trim().toLowerCase());
    return {
      ...base,
      type: single ? 'single_choice' : 'multiple_choice',
      options: answers.map((a) => ({ text: readText(a), correct: fraction(a) > 0 })),
    };
  },
  truefalse: (q, base) => {
    const right = childrenNamed(q, 'answer').find((a) => fraction(a) > 0);
    const value = textOf(right).trim().toLowerCase();
    if (value !== 'true' && value !== 'false') return { skip: 'olympiadTests.import.noRightAnswer' };
    return { ...base, type: 'single_choice', options: TRUE_FALSE.map((o) => ({ text: o.text, text_en: o.en, correct: o.value === value })) };
  },
  shortanswer: (q, base) => ({
    ...base,
    type: 'open_text',
    // Only answers worth full marks are accepted: partial credit does not exist here.
    accepted: childrenNamed(q, 'answer')
      .filter((a) => fraction(a) >= 100)
      .map((a) => readText(a))
      .filter(Boolean),
  }),
  matching: (q, base) => {
    const subs = childrenNamed(q, 'subquestion');
    const pairs = subs
      .map((s) => ({ prompt: readText(s), answer: textOf(child(s, 'answer')).trim() }))
      .filter((p) => p.prompt && p.answer);
    // A subquestion without a prompt is an extra, wrong answer.
    const distractors = subs.filter((s) => !readText(s) && textOf(child(s, 'answer')).trim()).map((s) => ({ text: textOf(child(s, 'answer')).trim() }));
    return { ...base, type: 'matching', pairs, distractors };
  },
  ordering: (q, base) => {
    const answers = childrenNamed(q, 'answer');
    // qtype_ordering writes the items in the right order; some versions number them in `fraction`.
    const numbered = answers.every((a) => Number.isFinite(Number.parseFloat(a.attrs.fraction ?? '')));
    const ordered = numbered ? [...answers].sort((a, b) => fraction(a) - fraction(b)) : answers;
    return { ...base, type: 'ordering', items: ordered.map((a) => ({ text: readText(a) })) };
  },
  ddwtos: (q, base) => {
    const { text, gaps } = renumberGaps(base.text);
    return { ...base, type: 'closed_text', text, gaps, options: childrenNamed(q, 'dragbox').map((d) => ({ text: textOf(d).trim(), correct: false })) };
  },
  gapselect: (q, base) => {
    const { text, gaps } = renumberGaps(base.text);
    return { ...base, type: 'closed_text', text, gaps, options: childrenNamed(q, 'selectoption').map((d) => ({ text: textOf(d).trim(), correct: false })) };
  },
  essay: (_q, base) => ({ ...base, type: 'essay' }),
  description: () => ({ skip: 'olympiadTests.import.description' }),
};

/**
 * Moodle XML (`<quiz>` with `<question type="…">`): multichoice (single and
 * multiple), truefalse, shortanswer, matching, ordering, ddwtos and
 * gapselect (closed text), essay; `category` entries set the category of
 * the questions after them. Other types are reported as skipped.
 */
export function readMoodleXml(content: string, defaultCategory: string): ParsedBank {
  const root = parseXml(content);
  if (root.name !== 'quiz') throw new ImportSyntaxError('olympiadTests.import.notMoodleQuiz', { line: root.line, name: root.name });
  const bank: ParsedBank = { questions: [], skipped: [] };
  let category = defaultCategory;
  let number = 0;
  for (const question of root.children) {
    if (question.name !== 'question') continue;
    const type = question.attrs.type ?? '';
    if (type === 'category') {
      category = cleanCategory(textOf(child(question, 'category'))) || defaultCategory;
      continue;
    }
    ensureRoomFor(bank);
    number += 1;
    const source = `question ${number} (line ${question.line})`;
    const name = textOf(child(question, 'name')).trim();
    const reader = READERS[type];
    if (!reader) {
      bank.skipped.push({ source, name: name || null, reasonKey: 'olympiadTests.import.unsupportedType', values: { type: type || '?' } });
      continue;
    }
    const read = reader(question, { name, category, text: readText(child(question, 'questiontext')), max_points: points(question), source });
    if ('skip' in read) bank.skipped.push({ source, name: name || null, reasonKey: read.skip, values: read.values });
    else bank.questions.push(read);
  }
  return bank;
}
