import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { HttpError } from './errors';
import type { ImageKind, Storage } from '../storage';

/** Widths of the smaller copies stored next to each image, for `srcset` (`<name>-w<width>.webp`). */
export const VARIANT_WIDTHS = [320, 640] as const;
const MAX_WIDTH = 1200;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** Accepts an upload only when sharp recognises it as JPEG, PNG, WebP or GIF from its bytes. */
async function assertImage(data: Buffer) {
  try {
    const { format } = await sharp(data).metadata();
    if (format && ACCEPTED_FORMATS.has(format)) return;
  } catch {
    // not an image sharp can read
  }
  throw new HttpError(400, 'only images allowed');
}

/**
 * Checks, converts to WebP (at most 1200 px wide, plus smaller copies) and stores an upload.
 * Returns the stored file name; answers build the absolute URL from it.
 */
export async function storeImage(storage: Storage, kind: ImageKind, data: Buffer, suffix = ''): Promise<string> {
  await assertImage(data);
  const base = `${kind}-${randomUUID()}-${Date.now()}${suffix ? `-${suffix}` : ''}`;
  const image = sharp(data, { animated: false }).rotate();
  await storage.save(kind, `${base}.webp`, await image.clone().resize({ width: MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer());
  for (const width of VARIANT_WIDTHS) {
    await storage.save(kind, `${base}-w${width}.webp`, await image.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
  }
  return `${base}.webp`;
}

export async function removeImage(storage: Storage, kind: ImageKind, fileName: string | null | undefined) {
  if (!fileName || /^https?:\/\//.test(fileName)) return;
  await storage.remove(kind, fileName);
  for (const width of VARIANT_WIDTHS) await storage.remove(kind, fileName.replace(/\.webp$/, `-w${width}.webp`));
}

/** A client-given image (JSON bodies, seeding): an absolute http(s) URL, stored as given. */
export const isAbsoluteImageUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2048 && /^https?:\/\/[^\s/]+\S*$/.test(value.trim());

/** `<PUBLIC_BASE_URL>/<kind>/<file>`; values that are already absolute pass unchanged (API.md §0). */
export function imageUrl(baseUrl: string, kind: ImageKind, stored: string | null | undefined): string | undefined {
  if (!stored) return undefined;
  if (/^https?:\/\//.test(stored)) return stored;
  return `${baseUrl}/${kind}/${stored}`;
}
