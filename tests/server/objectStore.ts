import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/config';

/**
 * A real S3-protocol server on loopback for the object-storage tests: s3rver (from npm, runs in this process on a
 * temporary folder), with one bucket whose objects are publicly readable at `${endpoint}/${bucket}/<key>`.
 */
export interface ObjectStore {
  endpoint: string;
  bucket: string;
  /** Settings that point the shop at this store (S3_…); the images' public base is `publicUrl`. */
  settings: S3Settings;
  publicUrl: string;
  /** The object at `<kind>/<file>`: status, type, cache header and size, as a browser or CDN would get it. */
  get(key: string): Promise<{ status: number; type: string | null; cacheControl: string | null; size: number }>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startObjectStore(bucket = 'shop-images'): Promise<ObjectStore> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const publicUrl = `${endpoint}/${bucket}`;
  return {
    endpoint,
    bucket,
    publicUrl,
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async get(key) {
      const res = await fetch(`${publicUrl}/${key}`);
      const size = (await res.arrayBuffer()).byteLength;
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        cacheControl: res.headers.get('cache-control'),
        size,
      };
    },
    async keys() {
      // s3rver keeps each object as `<directory>/<bucket>/<key>._S3rver_object` beside its metadata files.
      const found: string[] = [];
      const walk = async (dir: string, prefix: string): Promise<void> => {
        for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
          else if (entry.name.endsWith('._S3rver_object'))
            found.push(prefix + entry.name.replace(/\._S3rver_object$/, ''));
        }
      };
      await walk(path.join(directory, bucket), '');
      return found.sort();
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
