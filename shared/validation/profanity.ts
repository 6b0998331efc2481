import { PROFANITY_WORDS, type ProfanityList } from './profanity-words';

/**
 * What people type instead of a letter: Latin and Cyrillic look-alikes,
 * digits and symbols. Only look-alikes go here; transliterations ("pizd")
 * are words of their own in the list. A `*` may stand for any letter (f*ck),
 * as long as the word keeps two other characters.
 */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a@α', б: '6', в: 'b8', г: 'r', д: 'd', е: 'e3є€ε', з: '3z', и: 'iuі1!', к: 'k', м: 'm', н: 'h', о: 'o0ο', п: 'n', р: 'p',
  с: 'c$(', т: 'tm7', у: 'y', х: 'x×', ч: '4', ш: 'w', щ: 'w', ь: 'b', э: '3є',
  a: 'а@4α', b: 'вь68', c: 'с(', e: 'е3є€', g: '9', h: 'н#', i: 'і1!|l', j: 'ј', k: 'к', l: '1|iі', m: 'м', n: 'п', o: 'о0ο',
  p: 'р', r: 'г', s: 'ѕ$5', t: 'т7+', u: 'υv', v: 'u', w: 'ш', x: 'х×', y: 'у', z: '3',
};

// Joiners and fillers that combine with a neighbour stand outside the class.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u206A-\u206F\u3164\uFEFF]|\u034F|\u115F|\u1160/g;
// Dots, dashes and the like between letters ("х.у.й", "f-u-c-k"); symbols that stand for letters are kept.
const SEPARATORS = /[.,\-_'"`~^/\\:;=·•…‐‑‒–—―'‘’“”«»<>?]+/gu;

/** Lower case, compatibility forms (ｆｕｃｋ, 𝐟𝐮𝐜𝐤) and accents folded (й→и, ё→е), invisible characters gone. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(INVISIBLE, '').toLowerCase();
}

const EDGE_SYMBOLS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
// Stars with fewer than two other characters are a censored word ("f***"), not a written one.
const LETTERS_NEEDED = /[^*].*[^*]/u;

const escapeInClass = (chars: string) => chars.replace(/[\]\\^-]/g, '\\$&');

/** "хуй" → a pattern where every letter may be any of its look-alikes, repeated ("хууууй"). */
function letterPattern(word: string): string {
  return [...foldText(word)].map((letter) => `[${escapeInClass(`${letter}*${LOOK_ALIKES[letter] ?? ''}`)}]+`).join('');
}

interface Matchers {
  anywhere: RegExp;
  start: RegExp;
  exact: RegExp;
  safe: string[];
}

function compile(list: ProfanityList): Matchers {
  const alternatives = (words: string[]) => words.map(letterPattern).join('|');
  return {
    anywhere: new RegExp(`(?:${alternatives(list.anywhere)})`, 'u'),
    start: new RegExp(`^(?:${alternatives(list.prefixes)})?(?:${alternatives(list.start)})`, 'u'),
    exact: new RegExp(`^(?:${alternatives(list.exact)})$`, 'u'),
    safe: list.safe.map(foldText),
  };
}

const matchers = compile(PROFANITY_WORDS);

/**
 * The pieces of text to check: every word with separators dropped and also
 * split at them ("hello,ass" → "helloass", "hello", "ass"), letters spaced
 * out one by one joined back ("f u c k" → "fuck"), decent words that hold
 * a root ("застрахуйте") cut out first.
 */
function candidates(text: string): string[] {
  const words = foldText(text).split(/\s+/u).filter(Boolean);
  const joined: string[] = [];
  let run = '';
  for (const word of words) {
    const letters = word.replace(SEPARATORS, '');
    if (letters.length === 1) {
      run += letters;
      continue;
    }
    if (run.length > 1) joined.push(run);
    run = '';
    joined.push(word);
  }
  if (run.length > 1) joined.push(run);

  const pieces = new Set<string>();
  for (const word of joined) {
    // Also with every symbol gone, for symbols used as separators ("п|и|з|д|а") rather than as letters.
    const lettersOnly = word.replace(/[^\p{L}\p{N}@$]/gu, '');
    for (const piece of [word.replace(SEPARATORS, ''), lettersOnly, ...word.split(SEPARATORS)]) {
      let rest = piece;
      for (const safe of matchers.safe) rest = rest.split(safe).join(' ');
      for (const part of rest.split(' ')) {
        // "сука!" is "сука"; "a$$" keeps its symbols.
        for (const variant of [part, part.replace(EDGE_SYMBOLS, '')]) if (LETTERS_NEEDED.test(variant)) pieces.add(variant);
      }
    }
  }
  return [...pieces];
}

/** SPEC §5: "Swear words are prohibited." — true when the text holds one, however it is disguised. */
export function containsProfanity(text: string | null | undefined): boolean {
  if (!text) return false;
  return candidates(text).some((piece) => matchers.anywhere.test(piece) || matchers.start.test(piece) || matchers.exact.test(piece));
}
