// Writes dist/web/preload-manifest.json: for every screen of the route table, the files its lazy
// chunk group needs (its JavaScript, the vendor chunks split off it, its CSS), and the files of each
// language's catalogue areas. The server reads it to put <link rel="preload"> for the screen being
// opened into the page (server/plugins/spa-preloads.ts): without them the browser learns of these
// files only after the bundle has downloaded and run, one round trip after another.
import { screenChunks } from './screen-chunks.mjs';

const NAME = 'PreloadManifestPlugin';
const wanted = (file) => /\.(js|css)$/.test(file) && !file.includes('.hot-update.');

export class PreloadManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const initial = new Set([...compilation.entrypoints.values()].flatMap((entry) => entry.getFiles()));
        /** The files of a named chunk group the page does not already load. */
        const filesOf = (name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`${NAME}: no chunk group named "${name}"`);
          return [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((f) => wanted(f) && !initial.has(f)).sort();
        };
        const screens = {};
        for (const [route, { chunk, areas }] of Object.entries(screenChunks())) screens[route] = { files: filesOf(chunk), areas: areas ?? [] };
        const locales = {};
        for (const name of compilation.namedChunkGroups.keys()) {
          const match = /^locale-([a-z]{2})(?:-([\w-]+))?$/.exec(name);
          if (match) (locales[match[1]] ??= {})[match[2] ?? 'core'] = filesOf(name);
        }
        const manifest = { publicPath: compilation.outputOptions.publicPath, screens, locales };
        compilation.emitAsset('preload-manifest.json', new sources.RawSource(JSON.stringify(manifest, null, 1)));
      });
    });
  }
}
