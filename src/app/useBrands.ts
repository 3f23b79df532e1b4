import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { fetchBrands, selectBrands } from './brandSlice';

/**
 * Every brand, loaded once for the whole app (the thunk skips a load already done or under way); `fresh` loads
 * them again on mounting (the owner's forms: one just added must be offered).
 */
export function useBrands({ fresh = false }: { fresh?: boolean } = {}) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchBrands({ force: fresh }));
  }, [dispatch, fresh]);
  return useAppSelector(selectBrands);
}
