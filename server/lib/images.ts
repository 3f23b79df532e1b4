import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { HttpError } from './errors';
import type { ImageKind, Storage } from '../storage';
import { UPLOAD_FULL_WIDTH, UPLOAD_VARIANT_WIDTHS } from '../../common/images';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Decoding costs memory and time by pixels, not by file size: a 1 MB PNG of 16000×16000 took 5.7 s and
 * 0.6 GB. Larger images are refused before they are decoded (API.md §3.3 style message).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TOO_LARGE = `Image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
/** sharp work in flight at once; more uploads wait their turn instead of sharing the cores and memory. */
export const IMAGE_JOBS = 2;

let running = 0;
const waiting: (() => void)[] = [];
/** Image jobs started (an image refused from its header never starts one) and the most seen running at once. */
export const imageWork = { started: 0, peak: 0 };

async function inImageSlot<T>(work: () => Promise<T>): Promise<T> {
  while (running >= IMAGE_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  imageWork.started++;
  imageWork.peak = Math.max(imageWork.peak, running);
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Accepts an upload only when sharp recognises it as JPEG, PNG, WebP or GIF from its bytes, of at most MAX_IMAGE_PIXELS. */
async function assertImage(data: Buffer) {
  // The header alone gives format and size; nothing is decoded yet.
  // An empty or broken file is refused like any non-image: sharp throws on an empty buffer before it returns a promise.
  const meta = data.length
    ? await Promise.resolve()
        .then(() => sharp(data).metadata())
        .catch(() => undefined)
    : undefined;
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) throw new HttpError(400, 'only images allowed');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) throw new HttpError(400, IMAGE_TOO_LARGE);
}

/**
 * Checks, converts to WebP (at most 1200 px wide, plus smaller copies) and stores an upload.
 * Returns the stored file name; answers build the absolute URL from it.
 */
export async function storeImage(storage: Storage, kind: ImageKind, data: Buffer, suffix = ''): Promise<string> {
  await assertImage(data);
  const base = `${kind}-${randomUUID()}-${Date.now()}${suffix ? `-${suffix}` : ''}`;
  const encoded = await inImageSlot(async () => {
    // limitInputPixels also guards the decoder itself, should a header understate the image.
    const image = sharp(data, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    const main = await image
      .clone()
      .resize({ width: UPLOAD_FULL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const variants = [];
    for (const width of UPLOAD_VARIANT_WIDTHS)
      variants.push(await image.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
    return { main, variants };
  }).catch((err: unknown) => {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new HttpError(400, IMAGE_TOO_LARGE);
    throw err;
  });
  try {
    await storage.save(kind, `${base}.webp`, encoded.main);
    for (const [i, width] of UPLOAD_VARIANT_WIDTHS.entries())
      await storage.save(kind, `${base}-w${width}.webp`, encoded.variants[i]);
  } catch (err) {
    // A store that failed half-way keeps nothing of this image.
    await removeImage(storage, kind, `${base}.webp`);
    throw err;
  }
  return `${base}.webp`;
}

export async function removeImage(storage: Storage, kind: ImageKind, fileName: string | null | undefined) {
  if (!fileName || /^https?:\/\//.test(fileName)) return;
  await storage.remove(kind, fileName);
  for (const width of UPLOAD_VARIANT_WIDTHS) await storage.remove(kind, fileName.replace(/\.webp$/, `-w${width}.webp`));
}

/** A client-given image (JSON bodies, seeding): an absolute http(s) URL, stored as given. */
export const isAbsoluteImageUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2048 && /^https?:\/\/[^\s/]+\S*$/.test(value.trim());

/** What answers need to turn stored image names into URLs: the storage, and the origin this server is reached at. */
export interface ImageBase {
  storage: Storage;
  origin: string;
}

/** The storage's public URL of a stored file (`<PUBLIC_BASE_URL>/<kind>/<file>` on local disk); absolute values pass unchanged (API.md §0). */
export function imageUrl(base: ImageBase, kind: ImageKind, stored: string | null | undefined): string | undefined {
  if (!stored) return undefined;
  if (/^https?:\/\//.test(stored)) return stored;
  return base.storage.publicUrl(kind, stored, base.origin);
}
