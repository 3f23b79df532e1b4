import type { PaginationResult } from './types';

/** API.md §2: page × limit may not exceed 10,000 (deeper pages answer 400 "Page is too deep"). */
const MAX_LIST_DEPTH = 10_000;

/** The pages a pager may offer: those of the answer, but never one past the depth the API serves. */
export function reachablePages(pagination: PaginationResult | undefined): number {
  if (!pagination) return 1;
  return Math.min(pagination.numberOfPages, Math.floor(MAX_LIST_DEPTH / Math.max(1, pagination.limit)));
}
