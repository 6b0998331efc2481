// Which lazy chunk (and which catalogue area) each screen of src/app/screens.ts loads, read from its
// source: the server preloads them with the page (scripts/webpack/preload-manifest.mjs), so a screen's
// code and words download beside the bundle instead of after it has run. Shared by the webpack plugin
// and the test that keeps this reading in step with SCREENS (test/unit/screen-chunks.test.ts).
import { readFileSync } from 'node:fs';

export const SCREENS_FILE = new URL('../../src/app/screens.ts', import.meta.url);

/** `lazy(() => import(/* webpackChunkName: "chunk" *\/ …`, `lazyIn('area', () => import(…` or `lazyIn(['a', 'b'], () => import(…`. */
const LOADER = String.raw`\{\s*component:\s*lazy(?:In\(\s*('[\w-]+'|\[[^\]]*\]),)?\(?\s*\(\)\s*=>\s*import\(\s*\/\*\s*webpackChunkName:\s*"([\w-]+)"`;
/** `name: { component: … }` with the name bare or quoted. */
const NAMED = new RegExp(String.raw`(?:'([\w-]+)'|(\w+)):\s*` + LOADER, 'g');
/** `['a', 'b'].map((x) => [\`prefix-${x}\`, { component: … }])`: one screen per listed value. */
const LISTED = new RegExp(String.raw`\[([^\]]*)\]\.map\(\(\w+\)\s*=>\s*\[\s*\x60([\w-]*)\$\{\w+\}([\w-]*)\x60,\s*` + LOADER, 'g');

/** Route name → the chunk its screen loads and, when its words are in areas of their own, those areas. */
export function screenChunks(source = readFileSync(SCREENS_FILE, 'utf8')) {
  const screens = {};
  const entry = (areas, chunk) => (areas ? { chunk, areas: [...areas.matchAll(/'([\w-]+)'/g)].map(([, area]) => area) } : { chunk });
  for (const [, quoted, bare, area, chunk] of source.matchAll(NAMED)) screens[quoted ?? bare] = entry(area, chunk);
  for (const [, list, prefix, suffix, area, chunk] of source.matchAll(LISTED)) {
    for (const [, value] of list.matchAll(/'([\w-]+)'/g)) screens[`${prefix}${value}${suffix}`] = entry(area, chunk);
  }
  return screens;
}
