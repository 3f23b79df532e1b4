import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live. Local disk by default; an S3-compatible adapter can implement the same seam. */
export type ImageKind = 'products' | 'categories' | 'brands';

export interface Storage {
  save(kind: ImageKind, fileName: string, data: Buffer): Promise<void>;
  remove(kind: ImageKind, fileName: string): Promise<void>;
  /** Absolute directory served for a kind, when the storage is local. */
  localDir(kind: ImageKind): string | undefined;
}

export function localStorage(uploadsDir: string): Storage {
  const dir = (kind: ImageKind) => path.join(uploadsDir, kind);
  return {
    async save(kind, fileName, data) {
      await fs.mkdir(dir(kind), { recursive: true });
      await fs.writeFile(path.join(dir(kind), path.basename(fileName)), data);
    },
    async remove(kind, fileName) {
      await fs.rm(path.join(dir(kind), path.basename(fileName)), { force: true });
    },
    localDir: dir,
  };
}
