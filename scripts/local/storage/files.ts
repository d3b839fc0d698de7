// Object bytes on disk. Each upload is a new version file named by a server-made UUID (the
// row's `version`), so no client-supplied name ever becomes a path and an upsert never overwrites
// bytes that a concurrent reader or a rolled-back transaction still needs.
import { createReadStream, mkdirSync, type ReadStream } from 'node:fs';
import { copyFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class ObjectFiles {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  private path(version: string): string {
    if (!VERSION.test(version)) throw new Error(`not a version id: ${version}`);
    return join(this.root, version);
  }

  async write(version: string, bytes: Uint8Array): Promise<void> {
    await writeFile(this.path(version), bytes);
  }

  read(version: string): Promise<Buffer> {
    return readFile(this.path(version));
  }

  async copy(from: string, to: string): Promise<void> {
    await copyFile(this.path(from), this.path(to));
  }

  async remove(versions: Iterable<string | null | undefined>): Promise<void> {
    for (const v of versions) if (v && VERSION.test(v)) await rm(this.path(v), { force: true });
  }

  /** Size of a stored version, or null when the row has no bytes behind it. */
  async size(version: string | null): Promise<number | null> {
    if (!version || !VERSION.test(version)) return null;
    try {
      return (await stat(this.path(version))).size;
    } catch {
      return null;
    }
  }

  open(version: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.path(version), range);
  }
}
