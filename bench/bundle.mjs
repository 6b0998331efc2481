// Prints the gzip size of the JavaScript the first page loads and of the largest route chunk.
// Budget (issue 2): the first page's JavaScript at most 200 KB gzip.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'dist/web');
if (process.argv.includes('--build') || !fs.existsSync(path.join(web, 'index.html'))) {
  execSync('npm run build:web', { cwd: root, stdio: 'inherit' });
}
const BUDGET_KB = 200;
const html = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(web, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const initial = [...html.matchAll(/<script[^>]+src="?\/?([^" >]+\.js)/g)].map((m) => m[1]);
// The first page also loads its language catalogue and the home screen chunk.
const assets = fs.readdirSync(path.join(web, 'assets')).filter((f) => f.endsWith('.js'));
const firstPageExtras = assets.filter((f) => /^(locale-ru|home)\./.test(f)).map((f) => `assets/${f}`);
const firstPage = [...initial, ...firstPageExtras];
const firstTotal = firstPage.reduce((sum, f) => sum + gz(f), 0);

const routeChunks = assets.map((f) => `assets/${f}`).filter((f) => !initial.includes(f));
const largest = routeChunks.map((f) => ({ f, size: gz(f) })).sort((a, b) => b.size - a.size)[0];

console.log('first page JavaScript (gzip):');
for (const f of firstPage) console.log(`  ${f.padEnd(40)} ${kb(gz(f)).padStart(7)} KB`);
console.log(`  ${'total'.padEnd(40)} ${kb(firstTotal).padStart(7)} KB  (budget ${BUDGET_KB} KB)`);
if (largest) console.log(`largest lazy chunk: ${largest.f} ${kb(largest.size)} KB gzip`);
// Over the budget is a figure to act on, NOT MET, not a broken run: the exit code stays 0 (issue 18's rule for benches).
console.log(firstTotal <= BUDGET_KB * 1024 ? 'within budget' : `NOT MET: over the budget by ${kb(firstTotal - BUDGET_KB * 1024)} KB`);
