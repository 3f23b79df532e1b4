// The owner's catalogue sheet (ours, README API notes): CSV export of the product list and import of the same columns.
// Imported only through admin thunks, so this code lands in admin chunks.
import axios from 'axios';
import { apiClient } from '../client';
import { uploadProgress, type UploadProgress } from './uploadProgress';
import { adminProductFilterParams, type AdminProductQuery } from './products';

/** The admin list's filters (its page aside): the export writes the products they pick, in the list's order. */
export type ProductSheetFilters = Omit<AdminProductQuery, 'page' | 'limit'>;

/** GET /products/export.csv with the list's filters: the file (UTF-8 with a BOM). */
export async function exportProductSheet(query: ProductSheetFilters): Promise<Blob> {
  const { data } = await apiClient.get<Blob>('/products/export.csv', {
    params: adminProductFilterParams(query),
    responseType: 'blob',
  });
  return data;
}

/** A refused row: its line as a spreadsheet numbers it, its column and the Arabic reason (`السطر 14: …`). */
export interface SheetRefusal {
  line: number;
  column: string | null;
  reason: string;
  message: string;
}

/** What a sheet creates, updates, leaves and refuses (the preview; apply answers the same once written). */
export interface SheetPlan {
  counts: { rows: number; create: number; update: number; unchanged: number; refused: number };
  create: Array<{ line: number; sku?: string; title: string }>;
  update: Array<{ line: number; id: string; sku?: string; title: string; changes: string[] }>;
  refused: SheetRefusal[];
  newNames: { categories: string[]; subcategories: string[]; brands: string[] };
  ignoredColumns: string[];
}

/** The sheet, and a ZIP of the new products' images when the owner chose one. */
export interface SheetFiles {
  file: Blob;
  images?: Blob | null;
  createMissing: boolean;
  /** Told how much of the files has been sent (a large sheet or ZIP takes a while on a phone network). */
  onProgress?: UploadProgress;
}

function sheetForm({ file, images, createMissing }: SheetFiles): FormData {
  const form = new FormData();
  form.append('createMissing', String(createMissing));
  form.append('file', file, file instanceof File ? file.name : 'products.csv');
  if (images) form.append('images', images, images instanceof File ? images.name : 'images.zip');
  return form;
}

/** POST /products/import/preview: nothing is written. */
export async function previewProductSheet(files: SheetFiles): Promise<SheetPlan> {
  const { data } = await apiClient.post<{ data: SheetPlan }>('/products/import/preview', sheetForm(files), {
    onUploadProgress: uploadProgress(files.onProgress),
  });
  return data.data;
}

/**
 * POST /products/import/apply: all of the sheet in one transaction. A sheet refused on the server (the shop changed
 * since the preview) answers its plan with `applied: false`; nothing was written.
 */
export async function applyProductSheet(files: SheetFiles): Promise<{ applied: boolean; plan: SheetPlan }> {
  try {
    const { data } = await apiClient.post<{ data: SheetPlan }>('/products/import/apply', sheetForm(files), {
      onUploadProgress: uploadProgress(files.onProgress),
    });
    return { applied: true, plan: data.data };
  } catch (err) {
    const plan = axios.isAxiosError(err) ? (err.response?.data as { data?: SheetPlan } | undefined)?.data : undefined;
    if (axios.isAxiosError(err) && err.response?.status === 400 && plan?.counts) return { applied: false, plan };
    throw err;
  }
}
