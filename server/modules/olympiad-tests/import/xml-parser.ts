import { referencedCharacter } from './character-reference';
import { ImportSyntaxError } from './import-types';

/** An element of a parsed XML document, with the line it starts on (for the import report). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (text and CDATA directly inside it), entities decoded. */
  text: string;
  line: number;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
/** Moodle nests six levels deep; a file nested deeper than this is refused before it can exhaust the stack. */
export const XML_MAX_DEPTH = 64;
/** A bank of a thousand questions has some thirty thousand elements; more is not a question bank. */
export const XML_MAX_ELEMENTS = 200_000;

/**
 * A small, strict XML reader for question-bank files: elements, attributes,
 * text, CDATA, comments and processing instructions. A document type with
 * its own declarations is refused (no entity expansion), as is anything not
 * well-formed, nested deeper than XML_MAX_DEPTH, larger than
 * XML_MAX_ELEMENTS, or referring to a character no text may hold; the error
 * names the line.
 */
export function parseXml(source: string): XmlElement {
  let pos = 0;
  let line = 1;
  let elements = 0;
  const fail = (detail: string, values: Record<string, string | number> = {}, at = line): never => {
    throw new ImportSyntaxError('olympiadTests.import.xmlMalformed', { line: at }, `olympiadTests.import.detail.${detail}`, values);
  };
  const advance = (to: number) => {
    for (let i = pos; i < to; i++) if (source.charCodeAt(i) === 10) line += 1;
    pos = to;
  };
  const decode = (raw: string, at: number) =>
    raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole, entity: string | undefined) => {
      if (!entity) return fail('ampersand', {}, at);
      if (entity.startsWith('#')) return referencedCharacter(entity) ?? fail('badCharacterReference', { reference: `&${entity};` }, at);
      const named = NAMED[entity];
      return named ?? fail('unknownEntity', { entity }, at);
    });

  const skipMisc = () => {
    for (;;) {
      const ws = /^\s*/.exec(source.slice(pos, pos + 10_000))![0].length;
      advance(pos + ws);
      if (source.startsWith('<?', pos)) {
        const end = source.indexOf('?>', pos);
        if (end < 0) fail('unclosedPi');
        advance(end + 2);
      } else if (source.startsWith('<!--', pos)) {
        const end = source.indexOf('-->', pos);
        if (end < 0) fail('unclosedComment');
        advance(end + 3);
      } else if (source.startsWith('<!DOCTYPE', pos)) {
        const end = source.indexOf('>', pos);
        if (end < 0) fail('unclosedDoctype');
        if (source.slice(pos, end).includes('[')) fail('doctypeDeclarations');
        advance(end + 1);
      } else return;
    }
  };

  const readAttrs = (tagLine: number): { attrs: Record<string, string>; selfClosing: boolean } => {
    const attrs: Record<string, string> = {};
    for (;;) {
      const ws = /^\s*/.exec(source.slice(pos, pos + 1000))![0].length;
      advance(pos + ws);
      if (source.startsWith('/>', pos)) {
        advance(pos + 2);
        return { attrs, selfClosing: true };
      }
      if (source[pos] === '>') {
        advance(pos + 1);
        return { attrs, selfClosing: false };
      }
      const name = NAME.exec(source.slice(pos, pos + 200))?.[0];
      if (!name) return fail('tagNotClosed', {}, tagLine);
      advance(pos + name.length);
      const eq = /^\s*=\s*/.exec(source.slice(pos, pos + 100))?.[0];
      if (!eq) return fail('attributeNoValue', { name });
      advance(pos + eq.length);
      const quote = source[pos];
      if (quote !== '"' && quote !== "'") return fail('attributeUnquoted', { name });
      const end = source.indexOf(quote, pos + 1);
      if (end < 0) return fail('attributeUnclosed', { name });
      const value = source.slice(pos + 1, end);
      if (value.includes('<')) fail('attributeLt', { name });
      attrs[name] = decode(value, line);
      advance(end + 1);
    }
  };

  const readElement = (depth: number): XmlElement => {
    const start = line;
    if (depth > XML_MAX_DEPTH) fail('tooDeep', { max: XML_MAX_DEPTH });
    if (++elements > XML_MAX_ELEMENTS) fail('tooManyElements', { max: XML_MAX_ELEMENTS });
    if (source[pos] !== '<') fail('elementExpected');
    advance(pos + 1);
    const name = NAME.exec(source.slice(pos, pos + 200))?.[0];
    if (!name) return fail('nameExpected');
    advance(pos + name.length);
    const { attrs, selfClosing } = readAttrs(start);
    const element: XmlElement = { name, attrs, children: [], text: '', line: start };
    if (selfClosing) return element;
    for (;;) {
      if (pos >= source.length) return fail('neverClosed', { name, opened: start });
      if (source.startsWith('</', pos)) {
        const close = /^<\/([A-Za-z_:][-A-Za-z0-9_:.]*)\s*>/.exec(source.slice(pos, pos + 300));
        if (!close) return fail('closingMalformed');
        if (close[1] !== name) return fail('wrongClose', { close: close[1], name, opened: start });
        advance(pos + close[0].length);
        return element;
      }
      if (source.startsWith('<![CDATA[', pos)) {
        const end = source.indexOf(']]>', pos);
        if (end < 0) return fail('unclosedCdata');
        element.text += source.slice(pos + 9, end);
        advance(end + 3);
      } else if (source.startsWith('<!--', pos)) {
        const end = source.indexOf('-->', pos);
        if (end < 0) return fail('unclosedComment');
        advance(end + 3);
      } else if (source.startsWith('<?', pos)) {
        const end = source.indexOf('?>', pos);
        if (end < 0) return fail('unclosedPi');
        advance(end + 2);
      } else if (source[pos] === '<') {
        element.children.push(readElement(depth + 1));
      } else {
        const next = source.indexOf('<', pos);
        const end = next < 0 ? source.length : next;
        const at = line;
        element.text += decode(source.slice(pos, end), at);
        advance(end);
      }
    }
  };

  skipMisc();
  if (pos >= source.length) fail('empty');
  const root = readElement(1);
  skipMisc();
  if (pos < source.length) fail('trailing');
  return root;
}

/** The first child element with a name. */
export const child = (element: XmlElement | undefined, name: string) => element?.children.find((c) => c.name === name);
export const childrenNamed = (element: XmlElement | undefined, name: string) => element?.children.filter((c) => c.name === name) ?? [];
/** Moodle wraps most values as `<x><text>value</text></x>`. */
export const textOf = (element: XmlElement | undefined) => (element ? (child(element, 'text')?.text ?? element.text) : '');
