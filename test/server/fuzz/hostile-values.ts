/**
 * What the fuzzer sends where a field belongs: every kind of input that must
 * be refused (or accepted) without a 5xx. Text values go into paths, query
 * strings and form fields; JSON values are raw JSON text, so numbers such as
 * `1e309` or `-0` reach the server exactly as written.
 */

const MEGABYTE = 1024 * 1024;
const DEPTH = 10_000;

export interface Hostile {
  /** What the report calls it. */
  label: string;
  value: string;
}

/** Strings that are refused because of what they contain. */
const CONTROL_TEXTS: Hostile[] = [
  { label: 'NUL', value: '\u0000' },
  { label: 'NUL inside', value: 'ab\u0000cd' },
  { label: 'BEL', value: 'bell\u0007' },
  { label: 'ESC sequence', value: '\u001b[31mred' },
  { label: 'DEL', value: 'del\u007f' },
  { label: 'C1 NEL', value: 'next\u0085line' },
  { label: 'lone surrogate', value: 'half\ud800' },
];

/** Numbers that are not plain decimals, or do not fit. */
const NUMBER_TEXTS: Hostile[] = [
  { label: '2^31', value: '2147483648' },
  { label: '-2^31-1', value: '-2147483649' },
  { label: '2^63', value: '9223372036854775808' },
  { label: '1e309', value: '1e309' },
  { label: 'hex', value: '0x10' },
  { label: 'exponent', value: '1e3' },
  { label: 'fraction', value: '1.5' },
  { label: 'minus zero', value: '-0' },
  { label: 'plus sign', value: '+1' },
  { label: 'leading space', value: ' 1' },
  { label: 'leading zero', value: '012' },
  { label: 'zero', value: '0' },
  { label: 'negative', value: '-1' },
  { label: 'Infinity', value: 'Infinity' },
  { label: 'NaN', value: 'NaN' },
];

const OTHER_TEXTS: Hostile[] = [
  { label: 'true', value: 'true' },
  { label: 'false', value: 'false' },
  { label: 'null', value: 'null' },
  { label: 'empty', value: '' },
  { label: 'array text', value: '[1]' },
  { label: 'object text', value: '{}' },
  { label: 'path dots', value: '../../etc/passwd' },
  { label: 'SQL', value: "1' or '1'='1" },
];

/** For paths, query strings and form fields. */
export const TEXT_VALUES: Hostile[] = [...CONTROL_TEXTS, ...NUMBER_TEXTS, ...OTHER_TEXTS];

/** The 1 MB string, sent once per field (it is the costly one). */
export const HUGE_TEXT: Hostile = { label: '1 MB string', value: 'x'.repeat(MEGABYTE) };

const nested = (open: string, close: string, depth = DEPTH) => open.repeat(depth) + close.repeat(depth);

/** Raw JSON texts for a body property. */
export const JSON_VALUES: Hostile[] = [
  ...CONTROL_TEXTS.map((h) => ({ label: h.label, value: JSON.stringify(h.value) })),
  // JSON.stringify keeps a lone surrogate as an escape, the way a hostile client writes it.
  { label: 'escaped NUL', value: '"\\u0000"' },
  { label: '2^31', value: '2147483648' },
  { label: '-2^31-1', value: '-2147483649' },
  { label: '2^63', value: '9223372036854775808' },
  { label: '1e309', value: '1e309' },
  { label: '-1e309', value: '-1e309' },
  { label: 'fraction', value: '1.5' },
  { label: 'minus zero', value: '-0' },
  { label: 'exponent', value: '1e3' },
  { label: 'negative', value: '-1' },
  { label: 'zero', value: '0' },
  { label: 'number as string', value: '"12"' },
  { label: 'hex string', value: '"0x10"' },
  { label: 'exponent string', value: '"1e3"' },
  { label: 'true', value: 'true' },
  { label: 'false', value: 'false' },
  { label: 'null', value: 'null' },
  { label: 'empty string', value: '""' },
  { label: '[1]', value: '[1]' },
  { label: '["x"]', value: '["x"]' },
  { label: '{}', value: '{}' },
  { label: '[]', value: '[]' },
  { label: 'object with NUL key', value: '{"\\u0000":1}' },
  { label: '__proto__', value: '{"__proto__":{"admin":true}}' },
  { label: 'nested arrays ×10000', value: nested('[', ']') },
  { label: 'nested objects ×10000', value: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}` },
];

/** Whole bodies that are not what any route reads. */
export const RAW_BODIES: Array<{ label: string; value: string | Buffer; contentType: string }> = [
  { label: 'malformed JSON', value: '{"a":', contentType: 'application/json' },
  { label: 'JSON with trailing garbage', value: '{}}', contentType: 'application/json' },
  { label: 'empty JSON', value: '', contentType: 'application/json' },
  { label: 'JSON null', value: 'null', contentType: 'application/json' },
  { label: 'JSON array', value: '[]', contentType: 'application/json' },
  { label: 'JSON string', value: '"x"', contentType: 'application/json' },
  { label: 'JSON number', value: '1e309', contentType: 'application/json' },
  { label: 'deep JSON arrays', value: nested('[', ']'), contentType: 'application/json' },
  { label: 'deep JSON objects', value: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`, contentType: 'application/json' },
  { label: 'very deep JSON arrays', value: nested('[', ']', 400_000), contentType: 'application/json' },
  { label: 'JSON with NUL', value: '{"x":"\u0000"}', contentType: 'application/json' },
  { label: 'invalid UTF-8', value: Buffer.from([0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json' },
  { label: 'text/plain', value: 'hello', contentType: 'text/plain' },
  { label: 'XML', value: '<a>1</a>', contentType: 'application/xml' },
  { label: 'form', value: 'a=1&a=2&b[c]=%00', contentType: 'application/x-www-form-urlencoded' },
  { label: 'multipart without boundary', value: 'xx', contentType: 'multipart/form-data' },
  { label: 'broken multipart', value: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated', contentType: 'multipart/form-data; boundary=b' },
  { label: 'unknown type', value: '\u0000\u0001', contentType: 'application/octet-stream' },
];
