// Webpack loader for the SPA's message catalogues (src/locales/*.json): every ICU message is
// parsed here, at build time, into the AST react-intl formats from. The browser then needs no
// message parser (webpack.config.ts points the parser at its `no-parser` build), which is a
// sixth of the first page's JavaScript. The server and the tests still read the plain JSON.
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

export default function icuAstLoader(source) {
  const catalogue = JSON.parse(source);
  const locale = new Intl.Locale(path.basename(this.resourcePath, '.json'));
  const compiled = {};
  for (const [id, message] of Object.entries(catalogue)) compiled[id] = parse(message, { locale });
  return `export default ${JSON.stringify(compiled)};`;
}
