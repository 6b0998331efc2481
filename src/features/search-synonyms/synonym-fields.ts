import type { FieldMessages } from '../../components/forms/server-errors';
import type { SynonymBody } from './synonyms-api';

/** What the form holds: each list as the editor types it, comma-separated. */
export interface SynonymFields {
  terms: string;
  expansions: string;
}

/** "Телефон, смартфон ,," → ["Телефон", "смартфон"]: empty pieces are typing, not words. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean);

export const toBody = (fields: SynonymFields): SynonymBody => ({ terms: splitList(fields.terms), expansions: splitList(fields.expansions) });

export const toFields = (row?: SynonymBody): SynonymFields => ({ terms: row?.terms.join(', ') ?? '', expansions: row?.expansions.join(', ') ?? '' });

/**
 * A rule's or the server's messages about one word ("terms[2]", "terms.2") belong to the list's one
 * field: the first message of each list is the one shown.
 */
export function perField(messages: Record<string, unknown>): FieldMessages {
  const shown: FieldMessages = {};
  for (const [path, message] of Object.entries(messages)) {
    const field = path.split(/[[.]/)[0];
    if (field in shown) continue;
    shown[field] = Array.isArray(message) ? message[0] : message;
  }
  return shown;
}
