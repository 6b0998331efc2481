import fs from 'node:fs';
import path from 'node:path';
import ru from '../../src/locales/ru.json';
// @ts-expect-error: a plain ES module of the build, without types.
import { areaOf, CATALOGUE_AREAS } from '../../scripts/webpack/catalogue-area.mjs';

const ROOT = path.resolve(__dirname, '../..');

/** Files whose screens load an area before they render (src/app/screens.ts `lazyIn`), and the sagas that run only on them. */
const AREA_CODE = [/^src\/features\/olympiad(-tests|-rating|-works)?\//, /^src\/features\/about\//, /^src\/features\/(seller-banners|search-synonyms|support-console)\//, /^src\/olympiad\//, /^src\/sagas\/(test-session|olympiad-)/];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('the catalogue split by area', () => {
  it('gives every message of the catalogue an area, and leaves none empty', () => {
    const counts = new Map<string | null, number>();
    for (const id of Object.keys(ru)) counts.set(areaOf(id), (counts.get(areaOf(id)) ?? 0) + 1);
    expect(Math.min(...(CATALOGUE_AREAS as string[]).map((area) => counts.get(area) ?? 0))).toBeGreaterThan(10);
  });

  it('lets a screen outside the olympiad, the about pages and the staff and seller screens show only core messages', () => {
    // A literal message id, or a template with ${…} parts: the header, the footer, the marketplace.
    const idPattern = /['"`]((?:olympiad|olympiadTests|olympiadRating|olympiadWorks|about|sellerBanners|searchSynonyms|supportConsole|catalog|header|footer)\.[A-Za-z0-9_.${}-]+)['"`]/g;
    const outside: string[] = [];
    for (const file of sourceFiles('src').filter((f) => !AREA_CODE.some((pattern) => pattern.test(f)))) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, id] of text.matchAll(idPattern)) {
        const concrete = id.replace(/\$\{[^}]*\}/g, 'x');
        if (areaOf(concrete) !== 'core') outside.push(`${file}: ${id}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('keeps the letters and text messages on the server', () => {
    expect(areaOf('mail.signIn.subject')).toBeNull();
    expect(areaOf('olympiad.nav.title')).toBe('core');
    expect(areaOf('olympiad.nav.label')).toBe('olympiad');
  });
});
