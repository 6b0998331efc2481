import { msg } from '../../shared/validation/message';
import type { FieldErrors } from '../../shared/validation/run-schema';
import { mergeFieldErrors } from './field-errors';
import { forbiddenTextFields } from './forbidden-text';

/**
 * Query strings, path parameters and form fields arrive as text; JSON bodies
 * arrive typed and are never converted (the API's ajv coerces nothing). Text
 * is read here, by the schema of its part, before the schema checks it:
 *
 * - a whole number is written in plain decimal digits: `12`, `-3`, `0`. No
 *   `0x10`, `1e3`, `1.0`, `+1`, ` 1`, `-0`, and no leading zeros (`012`): one
 *   spelling per number, so nothing is read as octal, and a cache or a log
 *   never holds the same request twice;
 * - a number may add a decimal fraction: `12.5`;
 * - a boolean is `true` or `false`;
 * - a list takes a single value as a list of one (`?status=open`).
 *
 * Anything else in a number field is refused here, with the words the schema
 * uses for a wrong type; other mismatches are left for the schema to refuse.
 */
const DECIMAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;
const DECIMAL_NUMBER = /^(?!-0(\.0+)?$)-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

interface FieldSchema {
  type?: string | string[];
  anyOf?: FieldSchema[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
}

/** Every JSON type a field's schema allows (`Nullable` writes `type: [T, "null"]`, unions `anyOf`). */
function typesOf(schema: FieldSchema): Set<string> {
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return new Set([...own, ...(schema.anyOf ?? []).flatMap((member) => [...typesOf(member)])]);
}

type Read = { ok: true; value: unknown } | { ok: false };

function readScalar(schema: FieldSchema, value: unknown): Read {
  if (typeof value !== 'string') return { ok: true, value };
  const types = typesOf(schema);
  if (types.has('integer') && DECIMAL_INTEGER.test(value)) return { ok: true, value: Number(value) };
  if (types.has('number') && DECIMAL_NUMBER.test(value)) return { ok: true, value: Number(value) };
  if (types.has('boolean') && (value === 'true' || value === 'false')) return { ok: true, value: value === 'true' };
  if ((types.has('integer') || types.has('number')) && !types.has('string')) return { ok: false };
  return { ok: true, value };
}

function readField(schema: FieldSchema, value: unknown): Read {
  if (!typesOf(schema).has('array') || !schema.items) return readScalar(schema, value);
  const list = Array.isArray(value) ? value : [value];
  const read = list.map((item) => readScalar(schema.items!, item));
  return read.every((r) => r.ok) ? { ok: true, value: read.map((r) => (r as { value: unknown }).value) } : { ok: false };
}

/**
 * The fields of a text part (an object of strings, or of string lists for
 * repeated keys) read by the part's object schema: a new object, and the
 * fields refused. Fields the schema does not name are kept as they are.
 */
function readTextFields(schema: unknown, fields: unknown): { values: unknown; errors: FieldErrors | null } {
  const properties = (schema as FieldSchema | undefined)?.properties;
  if (!properties || fields === null || typeof fields !== 'object' || Array.isArray(fields)) return { values: fields, errors: null };
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [name, raw] of Object.entries(fields)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const read = property ? readField(property, raw) : { ok: true as const, value: raw };
    if (read.ok) values[name] = read.value;
    else errors[name] = [msg('validation.type')];
  }
  return { values, errors: Object.keys(errors).length ? errors : null };
}

/**
 * A text part (path, query, a form) as the edge reads it: converted by its
 * schema, then every string checked with the plain-text rule. The values to
 * validate further, and the fields refused (null when none).
 */
export function readTextPart(schema: unknown, fields: unknown): { values: unknown; errors: FieldErrors | null } {
  const read = readTextFields(schema, fields);
  return { values: read.values, errors: mergeFieldErrors(read.errors, forbiddenTextFields(read.values)) };
}
