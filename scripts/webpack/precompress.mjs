// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
// highest levels; the server sends the copy the browser accepts (@fastify/static's preCompressed,
// server/plugins/spa.ts). On a phone's network the JavaScript is most of a first visit's wait, and
// these files shrink to about a quarter; compressing per request would cost the server's CPU instead.
import zlib from 'node:zlib';

const NAME = 'PrecompressPlugin';
const TEXT = /\.(js|css|json|svg|webmanifest|txt)$/;
/** Below this, the copies are not worth a file each (and the headers cost about as much). */
const MIN_BYTES = 1024;

export class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [file, source] of Object.entries(assets)) {
          if (!TEXT.test(file) || file.endsWith('.map')) continue;
          const buffer = source.buffer();
          if (buffer.length < MIN_BYTES) continue;
          const brotli = zlib.brotliCompressSync(buffer, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
          });
          compilation.emitAsset(`${file}.br`, new sources.RawSource(brotli));
          compilation.emitAsset(`${file}.gz`, new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
        }
      });
    });
  }
}
