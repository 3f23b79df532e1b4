import type { UploadProgressEvent } from '../client';

/** Told the sent share (0–1) of a multipart body while it uploads. */
export type UploadProgress = (fraction: number) => void;

/** The client's onUploadProgress for an optional UploadProgress. */
export const uploadProgress = (onProgress?: UploadProgress) =>
  onProgress && (({ loaded, total }: UploadProgressEvent) => total && onProgress(Math.min(1, loaded / total)));
