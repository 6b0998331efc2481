import { XMLValidator } from 'fast-xml-parser';
import { ImportSyntaxError } from './import-types';

/** The validator's error codes, each with the catalogue detail that says it to a person. */
const DETAIL_BY_CODE: Record<string, string> = {
  InvalidTag: 'xmlTag',
  InvalidAttr: 'xmlAttribute',
  InvalidChar: 'xmlCharacter',
  InvalidXml: 'xmlDocument',
};

/**
 * Refuses a document that is not well-formed, naming the line and column
 * fast-xml-parser's validator found (the parser itself is lenient: it
 * would read a mismatched closing tag without complaint). The validator's
 * own message is English only, so the report says it with a translated
 * detail chosen by the error code.
 */
export function assertWellFormed(source: string): void {
  const result = XMLValidator.validate(source, { allowBooleanAttributes: false });
  if (result === true) return;
  const { code, line, col } = result.err;
  throw new ImportSyntaxError(
    'olympiadTests.import.xmlMalformed',
    { line, column: col ?? 1 },
    `olympiadTests.import.detail.${DETAIL_BY_CODE[code] ?? 'xmlDocument'}`,
  );
}
