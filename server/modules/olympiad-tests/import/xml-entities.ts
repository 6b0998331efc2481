import { referencedCharacter } from './character-reference';
import { ImportSyntaxError } from './import-types';

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Decodes the references of XML text or an attribute value ourselves: the
 * parser runs with entity processing off, so nothing a file declares is ever
 * expanded. Only the five predefined entities and numeric references are
 * known; a bare `&`, any other name, or a reference to a character no text
 * may hold refuses the file at `at` (the element holding the text: the
 * parser does not say where inside it a text starts).
 */
export function decodeXml(raw: string, at: { line: number; column: number }): string {
  if (!raw.includes('&')) return raw;
  const fail = (detail: string, values: Record<string, string> = {}): never => {
    throw new ImportSyntaxError('olympiadTests.import.xmlMalformed', at, `olympiadTests.import.detail.${detail}`, values);
  };
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][-A-Za-z0-9_.]*);|&/g, (_whole, entity: string | undefined) => {
    if (!entity) return fail('ampersand');
    if (entity.startsWith('#')) return referencedCharacter(entity) ?? fail('badCharacterReference', { reference: `&${entity};` });
    return PREDEFINED[entity] ?? fail('unknownEntity', { entity });
  });
}
