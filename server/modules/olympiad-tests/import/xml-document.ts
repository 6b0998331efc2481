import { XMLParser, type EntityDecoderOptions, type X2jOptions, type XMLMetaData } from 'fast-xml-parser';
import { ImportSyntaxError } from './import-types';
import { decodeXml } from './xml-entities';
import { positionFinder } from './xml-position';
import { assertWellFormed } from './xml-validation';

/** An element of a parsed XML document, with the line it starts on (for the import report). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (text and CDATA directly inside it), references decoded. */
  text: string;
  line: number;
}

/** Moodle nests six levels deep; a file nested deeper than this is refused before it can exhaust the stack. */
export const XML_MAX_DEPTH = 64;
/** A bank of a thousand questions has some thirty thousand elements; more is not a question bank. */
export const XML_MAX_ELEMENTS = 200_000;

/** A file refused for what it is (too big, a DOCTYPE) rather than for a mistake at some line. */
const refused = (detail: string, values: Record<string, number> = {}) =>
  new ImportSyntaxError('olympiadTests.import.xmlRefused', {}, `olympiadTests.import.detail.${detail}`, values);

/**
 * The parser calls `addInputEntities` whenever it reads a DOCTYPE, wherever
 * it stands: the file is refused there. Entity processing is off as well,
 * so even a DOCTYPE this hook missed could not expand anything.
 */
const doctypeRefusingDecoder: EntityDecoderOptions = {
  addInputEntities: () => {
    throw refused('doctype');
  },
  setExternalEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: (text) => text,
};

function parserOptions(): X2jOptions {
  let elements = 0;
  return {
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    cdataPropName: '#cdata',
    // Values stay strings, whitespace stays: the readers trim where Moodle's format wants it.
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: false,
    entityDecoder: doctypeRefusingDecoder,
    ignoreDeclaration: true,
    ignorePiTags: true,
    captureMetaData: true,
    // The library's own guard; ours below refuses one level earlier, with the file's reason.
    maxNestedTags: XML_MAX_DEPTH,
    jPath: false,
    // Called as each element is read, so an oversized file stops here, before its tree is built.
    updateTag: (name, path) => {
      if (++elements > XML_MAX_ELEMENTS) throw refused('tooManyElements', { max: XML_MAX_ELEMENTS });
      if (typeof path !== 'string' && path.getDepth() > XML_MAX_DEPTH) throw refused('tooDeep', { max: XML_MAX_DEPTH });
      return name;
    },
  };
}

/** fast-xml-parser's ordered output: one key naming the element (or `#text`/`#cdata`), attributes under `:@`. */
type OrderedNode = Record<string, OrderedNode[] | string> & { ':@'?: Record<string, string> };

/**
 * Reads a question-bank file with fast-xml-parser: checked well-formed by
 * its validator first (the error names line and column), then parsed with
 * entity processing off, DOCTYPE refused, depth and element count capped.
 * References are decoded here, strictly (see `decodeXml`).
 */
export function parseXml(source: string): XmlElement {
  assertWellFormed(source);
  let nodes: OrderedNode[];
  try {
    nodes = new XMLParser(parserOptions()).parse(source) as OrderedNode[];
  } catch (error) {
    if (error instanceof ImportSyntaxError) throw error;
    // The validator accepted the file but the parser did not (a malformed DOCTYPE, say).
    throw refused('xmlUnreadable');
  }
  const position = positionFinder(source);
  const metaKey = XMLParser.getMetaDataSymbol() as unknown as string;
  const toElement = (node: OrderedNode): XmlElement => {
    const name = Object.keys(node).find((key) => key !== ':@')!;
    const at = position((node[metaKey] as XMLMetaData | undefined)?.startIndex ?? 0);
    const attrs = Object.fromEntries(Object.entries(node[':@'] ?? {}).map(([key, value]) => [key, decodeXml(value, at)]));
    const element: XmlElement = { name, attrs, children: [], text: '', line: at.line };
    // Depth is capped while parsing, so this recursion is at most XML_MAX_DEPTH deep.
    for (const item of node[name] as OrderedNode[]) {
      if ('#text' in item) element.text += decodeXml(String(item['#text']), at);
      else if ('#cdata' in item) element.text += (item['#cdata'] as OrderedNode[]).map((part) => String(part['#text'] ?? '')).join('');
      else element.children.push(toElement(item));
    }
    return element;
  };
  // The validator guarantees exactly one root element; text around it (a byte-order mark) is not one.
  return toElement(nodes.find((node) => !('#text' in node))!);
}

/** The first child element with a name. */
export const child = (element: XmlElement | undefined, name: string) => element?.children.find((c) => c.name === name);
export const childrenNamed = (element: XmlElement | undefined, name: string) => element?.children.filter((c) => c.name === name) ?? [];
/** Moodle wraps most values as `<x><text>value</text></x>`. */
export const textOf = (element: XmlElement | undefined) => (element ? (child(element, 'text')?.text ?? element.text) : '');
