import { SYNONYM_PHRASE_WORDS } from '../../../../shared/validation/search-synonyms';
import type { WordForms } from './search-lexicon';
import type { SynonymGroup } from './search-synonyms';

/** A tsquery under construction: a lexeme (maybe a prefix), or all / any of several. */
export type QueryNode = { term: string; prefix: boolean } | { all: QueryNode[] } | { any: QueryNode[] };
type Node = QueryNode;

/** The tsqueries of one search, as text ('' when no word is left to search for). */
export interface SearchQueries {
  /** What a row must match: every word (or phrase), each also as its synonyms and its transliteration. */
  match: string;
  /** The same with whole stems as alternatives too, so the form typed ranks above its relatives. */
  rank: string;
  /** `match` within the name (weight A); the name or categories (A, B); those or the business's name (A–C). */
  inName: string;
  inCategories: string;
  inBusiness: string;
  /** The words as typed (no synonyms, no transliteration), within the name: these rank above a synonym's match. */
  typedInName: string;
  /**
   * The prefixes `match` holds (stems, keys), to be looked up in the lexeme vocabulary (search-lexemes.ts); none
   * when one span alone must match: spelling out helps the index skip to the rows another word holds, and with no
   * other word it only makes each row's check longer (a lone «дом»: 470 → 700 ms at a million products).
   */
  prefixes: string[];
  /**
   * `match` and `inBusiness` with each prefix `lexemes` knows spelt out as its exact lexemes: the same rows match,
   * but the index can skip through a rare word's rows instead of gathering every row under a common prefix.
   * Only the index conditions use them: ts_rank divides by the number of terms, so `rank` keeps the prefixes.
   */
  spelt(lexemes: ReadonlyMap<string, readonly string[]>): IndexedQueries;
  /** The trees `match`, `rank` and `typedInName` are rendered from, for the products' index in memory (product-index/). */
  trees: QueryTrees | null;
}

export interface QueryTrees {
  match: QueryNode;
  rank: QueryNode;
  typed: QueryNode;
}

/** The queries the text index is asked (`@@` in a WHERE), spelt out through the lexeme vocabulary. */
export interface IndexedQueries {
  match: string;
  inBusiness: string;
}

/** The queries of a text with no word left to search for: it matches nothing. */
export const NO_QUERIES: SearchQueries = {
  match: '',
  rank: '',
  inName: '',
  inCategories: '',
  inBusiness: '',
  typedInName: '',
  prefixes: [],
  spelt: () => ({ match: '', inBusiness: '' }),
  trees: null,
};

/** How many words a synonym phrase may have (the staff rule says the same: SYNONYM_PHRASE_WORDS). */
const PHRASE_MAX = SYNONYM_PHRASE_WORDS;
/** Keys this long or longer match as prefixes (as one types); shorter ones only whole. */
const KEY_PREFIX_MIN = 4;

const prefix = (term: string): Node => ({ term, prefix: true });

/**
 * A stem as a prefix or, for Russian stems of five letters or more, the stem less its
 * last letter, so forms whose stems differ in a fleeting vowel meet
 * («ботинки» → «ботинк», «ботинок» → «ботинок»: both match «ботин»). For
 * matching only the shorter prefix is needed (each prefix costs the index a scan);
 * for ranking the whole stem is an alternative too.
 */
function stemNode(stem: string, forRank: boolean): Node {
  const letters = [...stem];
  // English stems do not drop vowels, and «veget» less a letter would find "vegetarian" for "vegetables".
  if (letters.length < 5 || !/[а-яё]/.test(stem)) return prefix(stem);
  const shorter = prefix(letters.slice(0, -1).join(''));
  return forRank ? { any: [prefix(stem), shorter] } : shorter;
}

/** A word's stems (all of them); null for a stop word. */
function stemsNode(forms: WordForms, forRank: boolean): Node | null {
  if (!forms.stems.length) return null;
  const nodes = forms.stems.map((stem) => stemNode(stem, forRank));
  return nodes.length === 1 ? nodes[0] : { all: nodes };
}

/** A typed word: its stems, or a name in the other script that sounds the same. */
function typedWordNode(forms: WordForms, forRank: boolean, withKey: boolean): Node | null {
  const stems = stemsNode(forms, forRank);
  if (!stems) return null;
  if (!withKey || !forms.key) return stems;
  const key = `${forms.cyrillic ? 'l' : 'c'}~${forms.key}`;
  return { any: [stems, { term: key, prefix: [...forms.key].length >= KEY_PREFIX_MIN }] };
}

const all = (nodes: Array<Node | null>): Node | null => {
  const kept = nodes.filter((node): node is Node => node !== null);
  return kept.length === 0 ? null : kept.length === 1 ? kept[0] : { all: kept };
};

const NO_LEXEMES: ReadonlyMap<string, readonly string[]> = new Map();

/** A lexeme of the vocabulary as a tsquery operand: documents hold any text (hyphens, quotes, backslashes), so it is quoted. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsquery text of a node; a prefix `lexemes` knows becomes the alternatives of its lexemes. */
function render(node: Node, weights: string, lexemes = NO_LEXEMES): string {
  if ('term' in node) {
    const spelt = node.prefix ? lexemes.get(node.term) : undefined;
    if (spelt?.length) {
      const parts = spelt.map((lexeme) => `${quoted(lexeme)}${weights ? `:${weights}` : ''}`);
      return parts.length === 1 ? parts[0] : `(${parts.join(' | ')})`;
    }
    return `'${node.term}'${node.prefix || weights ? ':' : ''}${node.prefix ? '*' : ''}${weights}`;
  }
  const parts = [...new Set(('all' in node ? node.all : node.any).map((part) => render(part, weights, lexemes)))];
  return parts.length === 1 ? parts[0] : `(${parts.join('all' in node ? ' & ' : ' | ')})`;
}

/**
 * Whether the tsquery `render` makes of `node` has AND on top: a group whose children render alike is that
 * child (ts_rank then ranks the query as an OR or a single word, product-index/ts-rank.ts).
 */
export function topIsAnd(node: QueryNode): boolean {
  if ('term' in node) return false;
  const distinct = new Map(('all' in node ? node.all : node.any).map((child) => [render(child, ''), child]));
  return distinct.size === 1 ? topIsAnd([...distinct.values()][0]) : 'all' in node;
}

/** The prefix terms of a node. */
function prefixesOf(node: Node, into = new Set<string>()): Set<string> {
  if ('term' in node) {
    if (node.prefix) into.add(node.term);
  } else {
    for (const part of 'all' in node ? node.all : node.any) prefixesOf(part, into);
  }
  return into;
}

/** How a word is compared with synonym terms: by its first stem, so «телефоны» meets «телефон». */
const signatureOf = (forms: WordForms) => forms.stems[0] ?? forms.word;

interface SynonymIndex {
  /** Phrase signature → the phrases to search too. */
  alternatives: Map<string, string[][]>;
}

const indexes = new WeakMap<SynonymGroup[], SynonymIndex>();

function synonymIndex(groups: SynonymGroup[], formsOf: (word: string) => WordForms): SynonymIndex {
  let index = indexes.get(groups);
  if (index) return index;
  index = { alternatives: new Map() };
  for (const group of groups) {
    for (const term of group.terms) {
      if (term.length > PHRASE_MAX) continue;
      const signature = term.map((word) => signatureOf(formsOf(word))).join(' ');
      const known = index.alternatives.get(signature) ?? [];
      index.alternatives.set(signature, [...known, ...group.terms, ...group.expansions]);
    }
  }
  indexes.set(groups, index);
  return index;
}

/** Every word of the synonym list, for the lexicon to look up before `searchQueries`. */
export const synonymWords = (groups: SynonymGroup[]): string[] => [...new Set(groups.flatMap((group) => [...group.terms, ...group.expansions].flat()))];

/**
 * The tsqueries of a search: the words split into spans, longest synonym
 * phrase first («стиральная машина» is one span); a span matches as typed
 * (each word by its stems or its transliteration key) or as any of its
 * synonyms, and every span must match. The words are letters and digits only,
 * so each quoted lexeme is a plain tsquery lexeme.
 */
export function searchQueries(words: WordForms[], groups: SynonymGroup[], formsOf: (word: string) => WordForms): SearchQueries {
  const index = synonymIndex(groups, formsOf);
  const spans: Array<{ typed: WordForms[]; synonyms: string[][] }> = [];
  for (let i = 0; i < words.length; ) {
    let length = Math.min(PHRASE_MAX, words.length - i);
    let synonyms: string[][] = [];
    for (; length > 1; length--) {
      const found = index.alternatives.get(words.slice(i, i + length).map(signatureOf).join(' '));
      if (found) {
        synonyms = found;
        break;
      }
    }
    if (length === 1) synonyms = index.alternatives.get(signatureOf(words[i])) ?? [];
    spans.push({ typed: words.slice(i, i + length), synonyms });
    i += length;
  }
  const build = (forRank: boolean, expand: boolean) =>
    all(
      spans.map((span) => {
        const typed = all(span.typed.map((forms) => typedWordNode(forms, forRank, expand)));
        if (!typed || !expand) return typed;
        const alternatives = span.synonyms.map((phrase) => all(phrase.map((word) => stemsNode(formsOf(word), forRank))));
        return { any: [typed, ...alternatives.filter((node): node is Node => node !== null)] };
      }),
    );
  const match = build(false, true);
  const rank = build(true, true);
  const typed = build(true, false);
  if (!match || !rank || !typed) return NO_QUERIES;
  return {
    match: render(match, ''),
    rank: render(rank, ''),
    inName: render(match, 'A'),
    inCategories: render(match, 'AB'),
    inBusiness: render(match, 'ABC'),
    typedInName: render(typed, 'A'),
    prefixes: 'all' in match ? [...prefixesOf(match)] : [],
    spelt: (lexemes) => ({ match: render(match, '', lexemes), inBusiness: render(match, 'ABC', lexemes) }),
    trees: { match, rank, typed },
  };
}
