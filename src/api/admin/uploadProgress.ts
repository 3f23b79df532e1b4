import type { AxiosProgressEvent } from 'axios';

/** Told the sent share (0–1) of a multipart body while it uploads. */
export type UploadProgress = (fraction: number) => void;

/** axios's onUploadProgress for an optional UploadProgress. */
export const uploadProgress = (onProgress?: UploadProgress) =>
  onProgress && (({ loaded, total }: AxiosProgressEvent) => total && onProgress(Math.min(1, loaded / total)));
