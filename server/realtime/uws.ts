import { createRequire } from 'node:module';
import type * as Uws from '@trufflesuite/uws-js-unofficial';

export type UwsModule = typeof Uws;

let loaded: UwsModule | undefined;

/**
 * µWebSockets.js's native binary for this platform and Node. Not the package's entry point: that
 * one falls back, with only a console warning, to a `ws`-based imitation that lacks calls this
 * server makes (and has `ws`'s memory), so a Node the package has no binary for is refused here,
 * at start, with a message saying what is missing. Loaded on first use so an API process that
 * runs no realtime server (START_REALTIME=false) never needs it.
 */
export function loadUws(): UwsModule {
  if (loaded) return loaded;
  const target = `${process.platform}_${process.arch}_${process.versions.modules}`;
  try {
    // A native addon can only be required, and its file name is decided at run time.
    loaded = createRequire(__filename)(`@trufflesuite/uws-js-unofficial/binaries/uws_${target}.node`) as UwsModule;
  } catch (error) {
    throw new Error(
      `The realtime server needs µWebSockets.js built for ${target} (platform, CPU, Node ABI); ` +
        `@trufflesuite/uws-js-unofficial ships Node 16, 18 and 20 (ABI 93, 108, 115) for Linux, macOS and Windows. ` +
        `Run Node 20, or START_REALTIME=false with PUSHER_HOST pointing at another Pusher-compatible server. (${String(error)})`,
    );
  }
  return loaded;
}
