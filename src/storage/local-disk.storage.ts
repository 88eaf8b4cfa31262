import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DocumentStorage, FileContent } from '../domain/documents';

/**
 * Documents on local disk under one directory (var/documents by default). A file is written beside
 * its final name (streamed, a chunk at a time) and renamed into place, so a crash mid-write leaves
 * no partial document behind.
 */
export class LocalDiskStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`storage key outside the storage root: ${key}`);
    return resolved;
  }

  async put(key: string, content: FileContent): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(content.open(), createWriteStream(partial, { flags: 'wx' }));
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
