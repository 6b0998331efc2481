import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from '../../../shared/validation/file-content';

export interface TempUpload {
  tempPath: string;
  size: number;
  /** The first bytes, for recognising the type. */
  head: Buffer;
}

/**
 * Chat files on disk under `DATA_DIR/uploads/chats`: never inside the web root,
 * named by a random key (never by the uploader's name), reached only through
 * the attachments route after its access check.
 */
export function attachmentsStore(dataDir: string) {
  const root = path.join(dataDir, 'uploads', 'chats');
  const tmp = path.join(root, 'tmp');
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };

  return {
    /** Streams an upload to a temp file, keeping its size and first bytes. */
    async saveTemp(source: Readable): Promise<TempUpload> {
      await fsp.mkdir(tmp, { recursive: true });
      const tempPath = path.join(tmp, randomUUID());
      let size = 0;
      const chunks: Buffer[] = [];
      let headBytes = 0;
      source.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (headBytes < SNIFF_BYTES) {
          chunks.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
          headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
        }
      });
      try {
        await pipeline(source, fs.createWriteStream(tempPath, { mode: 0o600 }));
      } catch (error) {
        await fsp.rm(tempPath, { force: true });
        throw error;
      }
      return { tempPath, size, head: Buffer.concat(chunks) };
    },

    /**
     * Stores the checked content (not the upload as it came) under a new
     * random key; written aside and renamed, so a reader never sees half a file.
     */
    async keep(body: Buffer): Promise<string> {
      const key = randomUUID();
      const target = pathOf(key);
      const temp = path.join(tmp, `${key}.part`);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.mkdir(tmp, { recursive: true });
      try {
        await fsp.writeFile(temp, body, { mode: 0o600 });
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return key;
    },

    async discardTemp(tempPath: string): Promise<void> {
      await fsp.rm(tempPath, { force: true });
    },

    async remove(key: string): Promise<void> {
      await fsp.rm(pathOf(key), { force: true });
    },

    /** The stored file, or null when it is missing on disk. */
    async open(key: string): Promise<{ stream: fs.ReadStream; size: number } | null> {
      const file = pathOf(key);
      try {
        const stat = await fsp.stat(file);
        return { stream: fs.createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
  };
}

export type AttachmentsStore = ReturnType<typeof attachmentsStore>;
