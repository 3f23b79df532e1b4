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

function measure(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });
}

/** Reads a chosen file as a data URL and, when sizes are checked, its pixel size. */
export async function readImageFile(file: File, withSize: boolean): Promise<LoadedImage> {
  const dataUrl = await readAsDataUrl(file);
  const size = withSize ? await measure(dataUrl) : { width: 0, height: 0 };
  return { dataUrl, ...size };
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
