import { referencedCharacter } from './character-reference';

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", laquo: '«', raquo: '»', mdash: '—', ndash: '–', hellip: '…' };

/**
 * Question texts are plain text here; Moodle and GIFT `[html]` texts are
 * HTML. Paragraphs and line breaks become new lines, other tags go,
 * entities are decoded (a reference to a character we do not accept becomes
 * U+FFFD, as browsers do). Every pattern runs in linear time: a tag cannot
 * contain `<`, so a file of a million `<` costs one pass, not a million.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<\s*li[^<>]*>/gi, '• ')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, entity: string) => {
      if (entity.startsWith('#')) return referencedCharacter(entity) ?? '\uFFFD';
      return ENTITIES[entity.toLowerCase()] ?? whole;
    });
  return text
    .split('\n')
    .map(withoutTrailingBlanks)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Spaces and tabs at the end of a line, removed without a regular expression (`/[ \t]+$/` backtracks on long runs). */
function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
  return line.slice(0, end);
}
