// Webpack loader for the SPA's message catalogues (src/locales/*.json): every ICU message is
// parsed here, at build time, into the AST react-intl formats from. The browser then needs no
// message parser (webpack.config.ts points the parser at its `no-parser` build), which is a
// sixth of the first page's JavaScript. The server and the tests still read the plain JSON.
//
// `?area=<name>` keeps only that area's messages (scripts/webpack/catalogue-area.mjs), so the
// first page carries the core catalogue and the olympiad's or the about pages' words arrive
// with their screens.
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { areaOf } from './catalogue-area.mjs';

export default function icuAstLoader(source) {
  const area = new URLSearchParams(this.resourceQuery).get('area');
  const catalogue = JSON.parse(source);
  const locale = new Intl.Locale(path.basename(this.resourcePath, '.json'));
  const compiled = {};
  for (const [id, message] of Object.entries(catalogue)) {
    if (area !== null && areaOf(id) !== area) continue;
    compiled[id] = parse(message, { locale });
  }
  // As a JSON string: the engine reads JSON.parse of one string several times faster than the same
  // data written as an object literal, and a catalogue is evaluated while the first screen waits.
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
}
