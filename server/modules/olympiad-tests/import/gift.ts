import { htmlToText } from './html-text';
import { ensureRoomFor, ImportSyntaxError, type ParsedBank, type ParsedQuestion, type SkippedEntry } from './import-types';
import { cleanCategory } from './moodle-xml';

/**
 * Escaped characters (`\~ \= \# \{ \} \: \\`) are swapped for private-use
 * characters while the structure is read, and swapped back in the texts.
 */
const PLACEHOLDERS: Record<string, string> = { '~': '\uE001', '=': '\uE002', '#': '\uE003', '{': '\uE004', '}': '\uE005', ':': '\uE006', '\\': '\uE007' };
const RESTORE = Object.fromEntries(Object.entries(PLACEHOLDERS).map(([char, placeholder]) => [placeholder, char]));
const protect = (s: string) => s.replace(/\\([~=#{}:\\n])/g, (_, c: string) => (c === 'n' ? '\n' : PLACEHOLDERS[c]));
const restore = (s: string) => s.replace(/[\uE001-\uE007]/g, (c) => RESTORE[c]);

interface Block {
  text: string;
  line: number;
}

/** Questions are separated by blank lines (outside an answer block); `//` lines are comments. */
function blocks(content: string): Block[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const found: Block[] = [];
  let current: string[] = [];
  let start = 0;
  let depth = 0;
  let openedOn = 0;
  const flush = () => {
    if (current.some((l) => l.trim())) found.push({ text: current.join('\n'), line: start });
    current = [];
  };
  lines.forEach((raw, i) => {
    const line = protect(raw);
    const number = i + 1;
    if (line.trim().startsWith('//')) return;
    if (!line.trim() && depth === 0) return flush();
    if (depth === 0 && !current.length && line.trim().startsWith('$CATEGORY:')) {
      found.push({ text: line.trim(), line: number });
      return;
    }
    if (!current.length) start = number;
    for (const char of line) {
      if (char === '{') {
        if (depth > 0) throw new ImportSyntaxError('olympiadTests.import.giftMalformed', { line: number }, 'olympiadTests.import.detail.braceInside', { opened: openedOn });
        depth = 1;
        openedOn = number;
      } else if (char === '}') {
        if (depth === 0) throw new ImportSyntaxError('olympiadTests.import.giftMalformed', { line: number }, 'olympiadTests.import.detail.braceWithout');
        depth = 0;
      }
    }
    current.push(line);
  });
  if (depth > 0) throw new ImportSyntaxError('olympiadTests.import.giftMalformed', { line: openedOn }, 'olympiadTests.import.detail.braceNeverClosed');
  flush();
  return found;
}

interface Entry {
  marker: '=' | '~';
  weight: number | null;
  body: string;
}

/** Far above what any question may list (options, accepted answers, pairs): a longer block is not read at all. */
const MAX_ENTRIES = 100;

function tooManyEntries(text: string): boolean {
  let count = 0;
  for (let i = 0; i < text.length; i++) if ((text[i] === '=' || text[i] === '~') && ++count > MAX_ENTRIES) return true;
  return false;
}

/** `=right ~wrong ~%50%half #feedback` into entries (feedback dropped). */
function entries(inside: string): Entry[] | null {
  const trimmed = inside.trim();
  if (!trimmed || (trimmed[0] !== '=' && trimmed[0] !== '~') || tooManyEntries(trimmed)) return null;
  const list: Entry[] = [];
  const parts = trimmed.split(/(?=[=~])/);
  for (const part of parts) {
    const marker = part[0] as '=' | '~';
    let body = part.slice(1);
    const feedback = body.indexOf('#');
    if (feedback >= 0) body = body.slice(0, feedback);
    const weighted = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(body);
    const weight = weighted ? Number(weighted[1]) : null;
    if (weighted) body = body.slice(weighted[0].length);
    list.push({ marker, weight, body: body.trim() });
  }
  return list;
}

type Read = Omit<ParsedQuestion, 'name' | 'category' | 'text' | 'source'> | { skip: string; values?: Record<string, string | number> };

function readAnswers(inside: string): Read {
  let s = inside;
  const general = s.indexOf('####');
  if (general >= 0) s = s.slice(0, general);
  s = s.trim();
  if (!s) return { type: 'essay' };
  if (s.startsWith('#')) return { skip: 'olympiadTests.import.unsupportedType', values: { type: 'numerical' } };
  const tf = /^(T|TRUE|F|FALSE)\s*(#[\s\S]*)?$/i.exec(s);
  if (tf) {
    const right = tf[1].toUpperCase().startsWith('T');
    return {
      type: 'single_choice',
      options: [
        { text: 'Верно', text_en: 'True', correct: right },
        { text: 'Неверно', text_en: 'False', correct: !right },
      ],
    };
  }
  const list = entries(s);
  if (!list) return { skip: 'olympiadTests.import.unreadableAnswers' };
  const text = (body: string) => restore(body).trim();
  if (list.some((e) => e.body.includes('->'))) {
    if (list.some((e) => e.marker !== '=' || !e.body.includes('->'))) return { skip: 'olympiadTests.import.unreadableAnswers' };
    const split = list.map((e) => {
      const at = e.body.indexOf('->');
      return { prompt: text(e.body.slice(0, at)), answer: text(e.body.slice(at + 2)) };
    });
    return {
      type: 'matching',
      pairs: split.filter((p) => p.prompt),
      distractors: split.filter((p) => !p.prompt).map((p) => ({ text: p.answer })),
    };
  }
  const full = (e: Entry) => e.weight === null || e.weight >= 100;
  if (list.every((e) => e.marker === '=')) {
    // Only answers worth full marks are accepted: partial credit does not exist here.
    return { type: 'open_text', accepted: list.filter(full).map((e) => text(e.body)).filter(Boolean) };
  }
  const correct = (e: Entry) => (e.marker === '=' ? full(e) : (e.weight ?? 0) > 0);
  const rights = list.filter(correct).length;
  if (rights === 0) return { skip: 'olympiadTests.import.noRightAnswer' };
  const weightedMany = list.some((e) => e.marker === '~' && (e.weight ?? 0) > 0 && (e.weight ?? 0) < 100);
  return {
    type: rights > 1 || weightedMany ? 'multiple_choice' : 'single_choice',
    options: list.map((e) => ({ text: text(e.body), correct: correct(e) })),
  };
}

/**
 * GIFT, as Moodle writes and reads it: `::title::`, `[html]` and other text
 * formats, `{=right ~wrong}` (single choice), `{~%50%a ~%50%b ~%-100%c}`
 * (multiple choice), `{T}`/`{F}`, `{=a =b}` (short answer), `{=a -> 1 =b -> 2}`
 * (matching), `{}` (essay), missing-word questions (text after the answers),
 * `$CATEGORY:` lines and `//` comments. Numerical questions and text without
 * answers (descriptions) are reported as skipped.
 */
export function readGift(content: string, defaultCategory: string): ParsedBank {
  const bank: ParsedBank = { questions: [], skipped: [] };
  let category = defaultCategory;
  for (const block of blocks(content)) {
    const source = `line ${block.line}`;
    if (block.text.startsWith('$CATEGORY:')) {
      category = cleanCategory(restore(block.text.slice('$CATEGORY:'.length))) || defaultCategory;
      continue;
    }
    ensureRoomFor(bank);
    let rest = block.text.trim();
    let name = '';
    const title = /^::([\s\S]*?)::/.exec(rest);
    if (title) {
      name = restore(title[1]).trim();
      rest = rest.slice(title[0].length).trim();
    }
    const skip = (reasonKey: string, values?: SkippedEntry['values']) => bank.skipped.push({ source, name: name || null, reasonKey, values });
    let format = 'moodle';
    const marker = /^\[(html|moodle|plain|markdown)\]/i.exec(rest);
    if (marker) {
      format = marker[1].toLowerCase();
      rest = rest.slice(marker[0].length);
    }
    const open = rest.indexOf('{');
    if (open < 0) {
      skip('olympiadTests.import.description');
      continue;
    }
    const close = rest.indexOf('}', open);
    const after = rest.slice(close + 1).trim();
    if (after.includes('{')) {
      skip('olympiadTests.import.unsupportedType', { type: 'cloze' });
      continue;
    }
    const before = rest.slice(0, open).trim();
    const rawText = restore(after ? `${before} _____ ${after}` : before);
    const text = format === 'html' ? htmlToText(rawText) : rawText.trim();
    const read = readAnswers(rest.slice(open + 1, close));
    if ('skip' in read) skip(read.skip, read.values);
    else bank.questions.push({ ...read, name, category, text, source });
  }
  return bank;
}
