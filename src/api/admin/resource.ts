// The owner's calls on one resource of API.md's shape (/<resources> and /<resources>/:id), so that a new resource's
// calls are one line: `export const questionsApi = adminResource<Question, QuestionBody>('/questions')`.
import { apiClient, expectStatus } from '../client';
import type { Id, ItemResponse, ListResponse } from '../types';
import { uploadProgress, type UploadProgress } from './uploadProgress';

interface ResourceOptions<Item> {
  /** What each answered item goes through (images to absolute URLs: normalize.ts). */
  normalize?: (item: Item) => Item;
}

/**
 * GET /<path> (a page of the list: `params` are API.md §2's page, limit, sort…), GET, PUT and DELETE /<path>/:id and
 * POST /<path>. Writes resolve with the item as stored, and only on the one status that says it worked (201 for a
 * creation, 200 for a change: expectStatus); a multipart body may report its upload (`onProgress`).
 */
export function adminResource<Item, Body = Omit<Item, '_id'>>(
  path: string,
  { normalize = (item) => item }: ResourceOptions<Item> = {},
) {
  const itemPath = (id: Id) => `${path}/${encodeURIComponent(id)}`;
  const stored = (response: { data: ItemResponse<Item> }) => normalize(response.data.data);
  return {
    async list(params?: Record<string, string | number>): Promise<ListResponse<Item>> {
      const { data } = await apiClient.get<ListResponse<Item>>(path, { params });
      return { ...data, data: data.data.map(normalize) };
    },
    async get(id: Id): Promise<Item> {
      return stored(await apiClient.get<ItemResponse<Item>>(itemPath(id)));
    },
    async create(body: Body, onProgress?: UploadProgress): Promise<Item> {
      const response = await apiClient.post<ItemResponse<Item>>(path, body, {
        onUploadProgress: uploadProgress(onProgress),
      });
      return stored(expectStatus(response, 201));
    },
    async update(id: Id, body: Body, onProgress?: UploadProgress): Promise<Item> {
      const response = await apiClient.put<ItemResponse<Item>>(itemPath(id), body, {
        onUploadProgress: uploadProgress(onProgress),
      });
      return stored(expectStatus(response));
    },
    async remove(id: Id): Promise<void> {
      await apiClient.delete(itemPath(id));
    },
  };
}
