import { useCallback, useEffect } from 'react';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchBrand, selectBrandLookup, selectBrands } from '../../app/brandSlice';
import { fetchCategory, selectCategories, selectCategoryLookup } from '../../app/categorySlice';

type FilterOwner =
  | { state: 'loading' }
  | { state: 'found'; name: string }
  /** Unknown or malformed id. */
  | { state: 'missing' }
  | { state: 'failed' };

/**
 * The category or brand of /products/category/{id} and /products/brand/{id}: taken from the loaded list when it is there,
 * else asked for by id (kept by its slice), so an unknown or malformed id is told apart from a failed load.
 */
export function useFilterOwner(by: 'category' | 'brand', id: Id): { owner: FilterOwner; retry: () => void } {
  const dispatch = useAppDispatch();
  const listedName = useAppSelector(
    (state) =>
      (by === 'category' ? selectCategories(state) : selectBrands(state)).find((entry) => entry._id === id)?.name,
  );
  const lookup = useAppSelector(by === 'category' ? selectCategoryLookup : selectBrandLookup);
  const listed = listedName !== undefined;

  const retry = useCallback(
    () => void dispatch(by === 'category' ? fetchCategory(id) : fetchBrand(id)),
    [by, dispatch, id],
  );
  useEffect(() => {
    if (!listed) retry();
  }, [listed, retry]);

  if (listedName !== undefined) return { owner: { state: 'found', name: listedName }, retry };
  if (lookup.id !== id) return { owner: { state: 'loading' }, retry };
  if (lookup.status === 'succeeded' && lookup.entry)
    return { owner: { state: 'found', name: lookup.entry.name }, retry };
  if (lookup.status === 'failed') return { owner: { state: lookup.missing ? 'missing' : 'failed' }, retry };
  return { owner: { state: 'loading' }, retry };
}
