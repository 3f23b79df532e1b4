import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config, S3Settings } from '../config';

/**
 * Where uploaded images live, chosen by settings: local disk under DATA_DIR (default; this server serves the files)
 * or S3-compatible object storage (S3_BUCKET; browsers load the files from IMAGES_PUBLIC_URL, a bucket or a CDN).
 */
export type ImageKind = 'products' | 'categories' | 'brands';

export interface Storage {
  /** Stores a file; throws StorageError when the store refuses it or cannot be reached. */
  save(kind: ImageKind, fileName: string, data: Buffer): Promise<void>;
  /** Removes a file if it is there. Never throws: a file left behind costs only space. */
  remove(kind: ImageKind, fileName: string): Promise<void>;
  /** Absolute directory served for a kind, when the storage is local. */
  localDir(kind: ImageKind): string | undefined;
  /**
   * The absolute URL a browser loads a stored file from. `serverOrigin` is where this server is reached
   * (PUBLIC_BASE_URL, else the request's origin), used by a storage whose files this server serves.
   */
  publicUrl(kind: ImageKind, fileName: string, serverOrigin: string): string;
  /** The other origin images are loaded from, for the Content-Security-Policy; undefined when this server serves them. */
  readonly imageOrigin?: string;
  close?(): Promise<void>;
}

/** A write to the image store failed: the request answers 503 and keeps nothing of what it was saving. */
export class StorageError extends Error {}

/** Stored names never change content (each upload gets a new name), so browsers and CDNs may keep them for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};
const contentType = (fileName: string) =>
  IMAGE_TYPES[path.extname(fileName).slice(1).toLowerCase()] ?? 'application/octet-stream';

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
    publicUrl: (kind, fileName, serverOrigin) => `${serverOrigin}/${kind}/${fileName}`,
  };
}

/** The bucket's own public address when IMAGES_PUBLIC_URL is not set (path style for a custom endpoint that asks for it). */
function bucketUrl(s3: S3Settings): string {
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const endpoint = new URL(s3.endpoint);
  if (s3.forcePathStyle) return `${endpoint.origin}/${s3.bucket}`;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}

/**
 * Objects `<kind>/<file>` in the bucket, written with their type and the long immutable Cache-Control. The AWS SDK is
 * loaded only here: a shop that keeps its images on disk never pays its start-up time and memory.
 */
export async function s3Storage(
  s3: S3Settings,
  publicBase: string | undefined,
  log: { warn(obj: object, msg: string): void },
): Promise<Storage> {
  const { DeleteObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible services reject the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // A store that does not answer fails the upload within seconds rather than holding the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
  const base = (publicBase ?? bucketUrl(s3)).replace(/\/+$/, '');
  const key = (kind: ImageKind, fileName: string) => `${kind}/${path.basename(fileName)}`;
  return {
    async save(kind, fileName, data) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: key(kind, fileName),
            Body: data,
            ContentType: contentType(fileName),
            CacheControl: IMAGE_CACHE_CONTROL,
          }),
        );
      } catch (err) {
        throw new StorageError(
          `could not store ${key(kind, fileName)} in bucket ${s3.bucket}: ${(err as Error).message}`,
          { cause: err },
        );
      }
    },
    async remove(kind, fileName) {
      await client
        .send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key(kind, fileName) }))
        .catch((err: Error) => {
          log.warn(
            { err: { name: err.name, message: err.message } },
            `could not remove ${key(kind, fileName)} from bucket ${s3.bucket}`,
          );
        });
    },
    localDir: () => undefined,
    publicUrl: (kind, fileName) => `${base}/${key(kind, fileName)}`,
    imageOrigin: new URL(base).origin,
    close: async () => client.destroy(),
  };
}

/** The storage the settings ask for: object storage when S3_BUCKET is set, else local disk under DATA_DIR/uploads. */
export async function createStorage(config: Config, log: { warn(obj: object, msg: string): void }): Promise<Storage> {
  if (config.s3) return s3Storage(config.s3, config.imagesPublicUrl, log);
  return localStorage(path.join(config.dataDir, 'uploads'));
}
