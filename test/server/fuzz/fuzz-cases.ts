import type { InjectOptions } from 'fastify';
import { HUGE_TEXT, JSON_VALUES, RAW_BODIES, TEXT_VALUES, type Hostile } from './hostile-values';
import { sampleOf, type JsonSchema, type Operation } from './openapi-operations';

/** One request of the walk: where the hostile value went, and the request itself. */
export interface FuzzCase {
  field: string;
  label: string;
  request: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
}

type Json = Record<string, unknown>;

/** Percent-encodes a text as a browser would, except that a lone surrogate goes out as its (invalid) CESU-8 bytes. */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(char);
  }
  return out;
}

/** Already encoded: bytes a URL may carry that do not decode cleanly. */
const RAW_URL_TEXTS: Hostile[] = [
  { label: 'encoded NUL', value: '%00' },
  { label: 'invalid UTF-8', value: '%FF%FE' },
  { label: 'lone percent', value: '%' },
  { label: 'cut UTF-8', value: '%E0%A4' },
];

const urlTexts = (): Array<{ label: string; encoded: string }> => [
  ...TEXT_VALUES.map((h) => ({ label: h.label, encoded: encodeText(h.value) })),
  ...RAW_URL_TEXTS.map((h) => ({ label: h.label, encoded: h.value })),
  { label: HUGE_TEXT.label, encoded: HUGE_TEXT.value },
];

const PLACEHOLDER = '"__FUZZ_VALUE__"';

/** The good body as JSON text with one property (a dotted path) replaced by raw JSON text. */
function bodyWith(body: Json, path: Array<string | number>, raw: string): string {
  const copy = structuredClone(body) as Json;
  let target: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  target[path[path.length - 1]] = '__FUZZ_VALUE__';
  return JSON.stringify(copy).replace(PLACEHOLDER, () => raw);
}

/** The object schema a property may hold (directly, or as a member of `anyOf`), for reaching one level down. */
function objectSchemaOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  return schema.anyOf?.find((member) => member.properties);
}

/**
 * Where a body gets hostile values: every top-level property with the full
 * set, and one level down (the properties its schema names, the first item
 * of a list and that item's properties) with every third value.
 */
function bodyTargets(body: Json, schema: JsonSchema): Array<{ path: Array<string | number>; values: Hostile[] }> {
  const targets: Array<{ path: Array<string | number>; values: Hostile[] }> = [];
  const few = JSON_VALUES.filter((_, i) => i % 3 === 0);
  const names = new Set([...Object.keys(body), ...Object.keys(schema.properties ?? {})]);
  for (const name of names) {
    targets.push({ path: [name], values: [...JSON_VALUES, { label: HUGE_TEXT.label, value: JSON.stringify(HUGE_TEXT.value) }] });
    const value = body[name];
    if (Array.isArray(value) && value.length) {
      targets.push({ path: [name, 0], values: few });
      const first = value[0];
      if (first && typeof first === 'object') for (const key of Object.keys(first)) targets.push({ path: [name, 0, key], values: few });
    } else if (value && typeof value === 'object') {
      const nested = new Set([...Object.keys(value), ...Object.keys(objectSchemaOf(schema.properties?.[name])?.properties ?? {})]);
      for (const key of nested) targets.push({ path: [name, key], values: few });
    }
  }
  return targets;
}

export interface CaseInputs {
  operation: Operation;
  /** Good values of the path parameters. */
  pathValues: Record<string, string>;
  /** A good body (or undefined when the operation reads none). */
  body?: Json;
  /** Text fields of a multipart form the route reads (message routes); undefined for routes that take none. */
  formFields?: Record<string, string>;
}

function urlOf(operation: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name]);
  return query ? `${path}?${query}` : path;
}

/** Every request the walk sends for one operation. */
export function* casesOf({ operation, pathValues, body, formFields }: CaseInputs): Generator<FuzzCase> {
  const { method } = operation;
  const json = body ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    for (const { label, encoded } of urlTexts()) {
      yield { field: `path:${parameter.name}`, label, request: { method, url: urlOf(operation, { ...pathValues, [parameter.name]: encoded }), ...json } } as FuzzCase;
    }
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const name = encodeURIComponent(parameter.name);
    for (const { label, encoded } of urlTexts()) {
      yield { field: `query:${parameter.name}`, label, request: { method, url: urlOf(operation, pathValues, `${name}=${encoded}`), ...json } } as FuzzCase;
    }
    const good = encodeText(String(sampleOf(parameter.schema) ?? '1'));
    for (const [label, query] of [
      ['repeated', `${name}=${good}&${name}=${good}`],
      ['bracket array', `${name}[]=${good}`],
      ['bracket object', `${name}[a]=${good}`],
      ['no value', name],
    ]) {
      yield { field: `query:${parameter.name}`, label, request: { method, url: urlOf(operation, pathValues, query), ...json } } as FuzzCase;
    }
  }
  if (body) {
    for (const target of bodyTargets(body, operation.body ?? {})) {
      for (const hostile of target.values) {
        yield {
          field: `body:${target.path.join('.')}`,
          label: hostile.label,
          request: { method, url: urlOf(operation, pathValues), payload: bodyWith(body, target.path, hostile.value), headers: { 'content-type': 'application/json' } },
        };
      }
    }
  }
  if (method !== 'GET') {
    for (const raw of RAW_BODIES) {
      yield { field: 'body', label: raw.label, request: { method, url: urlOf(operation, pathValues), payload: raw.value, headers: { 'content-type': raw.contentType } } };
    }
    yield* multipartCases(operation, pathValues, formFields);
  }
}

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body by hand, so that names, file names and values can be anything. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined ? `; filename="${part.filename}"` : '';
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function* multipartCases(operation: Operation, pathValues: Record<string, string>, formFields?: Record<string, string>): Generator<FuzzCase> {
  const url = urlOf(operation, pathValues);
  const send = (field: string, label: string, parts: Part[]): FuzzCase => ({ field, label, request: { method: operation.method, url, ...multipart(parts) } });
  const fields = formFields ?? {};
  const good = Object.entries(fields).map(([name, value]) => ({ name, value }));
  for (const name of Object.keys(fields)) {
    for (const hostile of [...TEXT_VALUES, HUGE_TEXT]) {
      yield send(`form:${name}`, hostile.label, good.map((p) => (p.name === name ? { name, value: hostile.value } : p)));
    }
  }
  const file = (extra: Partial<Part>): Part => ({ name: 'files', value: PNG_HEADER, filename: 'a.png', type: 'image/png', ...extra });
  yield send('form', 'NUL in a field name', [...good, { name: 'x\u0000y', value: '1' }]);
  yield send('form', 'file name with control characters', [...good, file({ filename: 'a\u0001\u0000.png' })]);
  yield send('form', 'file name climbing out', [...good, file({ filename: '../../../etc/passwd' })]);
  yield send('form', 'file in a text field', [...good, file({ name: 'content' })]);
  yield send('form', 'text in the file field', [...good, { name: 'files', value: 'not a file' }, { name: 'image', value: 'not a file' }]);
  yield send('form', 'image field holding garbage', [{ name: 'image', value: Buffer.from('GIF89a garbage'), filename: 'x.gif', type: 'image/gif' }]);
  yield send('form', 'truncated PNG', [...good, file({ name: 'image' }), file({})]);
  yield send('form', 'too many fields', [...good, ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'x' }))]);
  yield send('form', 'too many files', [...good, ...Array.from({ length: 8 }, () => file({}))]);
  yield send('form', 'empty form', []);
}
