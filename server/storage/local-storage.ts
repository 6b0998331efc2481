import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage } from './file-storage';

/** Public prefix of the route that serves local files (`storage-routes.ts`). */
export const LOCAL_STORAGE_PREFIX = '/storage/';

/** Files on the local disk (default: `DATA_DIR/uploads`), served by the app itself. */
export function localStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fullPath(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fsp.writeFile(temp, body);
      await fsp.rename(temp, file);
    },
    async get(key) {
      const file = fullPath(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
    async size(key) {
      try {
        const stat = await fsp.stat(fullPath(key));
        return stat.isFile() ? stat.size : null;
      } catch {
        return null;
      }
    },
    async removePrefix(prefix) {
      if (!/^[a-z0-9_/-]+$/i.test(prefix) || prefix.includes('..') || prefix.startsWith('/')) throw new Error(`unsafe prefix: ${prefix}`);
      await fsp.rm(path.join(root, prefix), { recursive: true, force: true });
    },
    publicUrl: (key) => `${LOCAL_STORAGE_PREFIX}${key}`,
  };
}

/** The storage a configuration asks for; today the local disk under `dataDir/uploads`. */
export const storageForDataDir = (dataDir: string): FileStorage => localStorage(path.join(dataDir, 'uploads'));
