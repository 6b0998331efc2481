/**
 * PostgreSQL's WordEntryPos as one number: the weight in the top two bits (A 3, B 2, C 1, D 0), the position in
 * the low fourteen, as the database stores it.
 */
const wepOf = (position: number, weight: number) => (weight << 14) | position;

const WEIGHTS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** One lexeme of a document with its positions (none when the document keeps no positions for it). */
export interface DocumentEntry {
  lexeme: string;
  weps: number[];
}

/**
 * A tsvector as the database prints it (`'hat':6A,14A 'it''s':3 'word'`) back into its entries, in the
 * order printed (the database's own: lexemes sorted by their bytes). Quotes and backslashes inside a lexeme
 * are printed doubled; a position without a letter has weight D.
 */
export function parseTsvector(text: string): DocumentEntry[] {
  const entries: DocumentEntry[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`tsvector: a lexeme must start with a quote at ${i}: ${text.slice(i, i + 20)}`);
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= n) throw new Error('tsvector: a lexeme is not closed');
      const ch = text[i];
      if (ch === "'" || ch === '\\') {
        // A doubled quote or backslash is one; a single quote ends the lexeme.
        if (text[i + 1] === ch) {
          lexeme += ch;
          i += 2;
          continue;
        }
        if (ch === "'") {
          i++;
          break;
        }
      }
      lexeme += ch;
      i++;
    }
    const weps: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let position = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) position = position * 10 + text.charCodeAt(i++) - 48;
        const weight = WEIGHTS[text[i]];
        if (weight !== undefined) i++;
        weps.push(wepOf(position, weight ?? 0));
        if (text[i] !== ',') break;
        i++;
      }
    }
    entries.push({ lexeme, weps });
  }
  return entries;
}
