import { useCallback, useEffect, useState } from 'react';
import { toApiError } from '../../api/client';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchBrand, selectBrands } from '../brand/brandSlice';
import { fetchCategory, selectCategories } from '../category/categorySlice';

type FilterOwner =
  | { state: 'loading' }
  | { state: 'found'; name: string }
  /** Unknown or malformed id. */
  | { state: 'missing' }
  | { state: 'failed' };

/**
 * The category or brand of /products/category/{id} and /products/brand/{id}: taken from the loaded list when it is there,
 * else asked for by id, so an unknown or malformed id is told apart from a failed load.
 */
export function useFilterOwner(by: 'category' | 'brand', id: Id): { owner: FilterOwner; retry: () => void } {
  const dispatch = useAppDispatch();
  const listedName = useAppSelector(
    (state) =>
      (by === 'category' ? selectCategories(state) : selectBrands(state)).find((entry) => entry._id === id)?.name,
  );
  const [attempt, setAttempt] = useState(0);
  const key = `${by}/${id}/${attempt}`;
  const [lookup, setLookup] = useState<{ key: string; owner: FilterOwner } | null>(null);
  const listed = listedName !== undefined;

  useEffect(() => {
    if (listed) return;
    let active = true;
    dispatch(by === 'category' ? fetchCategory(id) : fetchBrand(id))
      .unwrap()
      .then(
        (entry) => active && setLookup({ key, owner: { state: 'found', name: entry.name } }),
        (err: unknown) => {
          const { status } = toApiError(err);
          if (active) setLookup({ key, owner: { state: status === 404 || status === 400 ? 'missing' : 'failed' } });
        },
      );
    return () => {
      active = false;
    };
  }, [by, dispatch, id, key, listed]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (listedName !== undefined) return { owner: { state: 'found', name: listedName }, retry };
  return { owner: lookup?.key === key ? lookup.owner : { state: 'loading' }, retry };
}
