import { PostingList } from './posting-list';

/**
 * Every lexeme of the indexed documents with its posting list. A tsquery prefix compares bytes, and JavaScript
 * compares UTF-16 code units: the two orders agree for every character outside the astral planes, which
 * lexemes of names and descriptions do not use in practice.
 */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  readonly lexemes: string[] = [];
  readonly postings: PostingList[] = [];
  /** Lexeme ids in lexeme order, made again after new lexemes come. */
  private sorted: Int32Array | null = null;

  /** The posting list of `lexeme`, made when new. */
  listOf(lexeme: string): PostingList {
    let id = this.ids.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.ids.set(lexeme, id);
      this.lexemes.push(lexeme);
      this.postings.push(new PostingList());
      this.sorted = null;
    }
    return this.postings[id];
  }

  /** The lexeme ids a tsquery operand matches, in lexeme order (the order a document's entries are in). */
  matching(term: string, prefix: boolean): number[] {
    if (!prefix) {
      const id = this.ids.get(term);
      return id === undefined ? [] : [id];
    }
    const sorted = this.order();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.lexemes[sorted[middle]] < term) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < sorted.length && this.lexemes[sorted[i]].startsWith(term); i++) found.push(sorted[i]);
    return found;
  }

  get size(): number {
    return this.lexemes.length;
  }

  private order(): Int32Array {
    if (!this.sorted) {
      const lexemes = this.lexemes;
      this.sorted = Int32Array.from(lexemes.keys()).sort((a, b) => (lexemes[a] < lexemes[b] ? -1 : lexemes[a] > lexemes[b] ? 1 : 0));
    }
    return this.sorted;
  }
}
