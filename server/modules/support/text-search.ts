/**
 * A PostgreSQL regular expression that finds `text` anywhere, in any letter
 * case, literally (`%`, `.`, `*` are just characters).
 *
 * Why not ILIKE: under a database created with the C locale (as test clusters
 * and many containers are), PostgreSQL folds only ASCII letters, so
 * "смирнова" would not find "Смирнова". Here each letter becomes a bracket
 * of its cases, worked out by JavaScript, and the match itself is
 * case-sensitive, which behaves the same under every locale.
 */
export function anyCasePattern(text: string): string {
  let pattern = '';
  for (const ch of text) {
    const variants = [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].filter((v) => [...v].length === 1);
    if (variants.length > 1) pattern += `[${variants.join('')}]`;
    else if (/[\p{L}\p{N}]/u.test(ch)) pattern += ch;
    // Anything else is escaped: in PostgreSQL's regular expressions a backslash before a non-alphanumeric is a literal.
    else pattern += `\\${ch}`;
  }
  return pattern;
}
