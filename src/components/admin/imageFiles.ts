// File ↔ data-URL helpers of the admin image forms.

export interface LoadedImage {
  dataUrl: string;
  width: number;
  height: number;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The longest side an image keeps in the browser: big photos are scaled down before cropping and uploading. */
const MAX_IMAGE_SIDE = 1600;

function decode(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () =>
      image.naturalWidth > 0 && image.naturalHeight > 0 ? resolve(image) : reject(new Error('not an image'));
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });
}

/**
 * Reads a chosen file and decodes it (a file that does not decode is not an image, whatever its name says).
 * A photo longer than MAX_IMAGE_SIDE is scaled down on a canvas: JPEG, or WebP for formats that may be transparent.
 */
export async function readImageFile(file: File): Promise<LoadedImage> {
  const dataUrl = await readAsDataUrl(file);
  const image = await decode(dataUrl);
  const { naturalWidth: width, naturalHeight: height } = image;
  const scale = MAX_IMAGE_SIDE / Math.max(width, height);
  if (scale >= 1) return { dataUrl, width, height };
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const type = /png|webp|gif/.test(file.type) ? 'image/webp' : 'image/jpeg';
  return { dataUrl: canvas.toDataURL(type, 0.9), width: canvas.width, height: canvas.height };
}

/** A data URL (base64 or not) as a File, for multipart uploads. */
export function dataUrlToFile(dataUrl: string, baseName: string): File {
  const [header, payload = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(header)?.[1] ?? 'application/octet-stream';
  const isBase64 = header.endsWith(';base64');
  const text = isBase64 ? atob(payload) : decodeURIComponent(payload);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  const extension = type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
  return new File([bytes], `${baseName}.${extension}`, { type });
}

/** Any image the form holds (a new data URL, or the URL of an image already on the server) as a File. */
export async function imageToFile(src: string, baseName: string): Promise<File> {
  if (src.startsWith('data:')) return dataUrlToFile(src, baseName);
  // An image that is already on the server is downloaded so it can be sent again with the new ones.
  const response = await fetch(src, { mode: 'cors' });
  const blob = await response.blob();
  const extension = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'jpg';
  return new File([blob], `${baseName}.${extension}`, { type: blob.type || 'image/jpeg' });
}
