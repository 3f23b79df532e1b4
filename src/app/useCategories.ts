import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { fetchCategories, selectCategories } from './categorySlice';

/**
 * Every category, loaded once for the whole app (the thunk skips a load already done or under way); `fresh` loads
 * them again on mounting (the owner's forms: one just added must be offered).
 */
export function useCategories({ fresh = false }: { fresh?: boolean } = {}) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchCategories({ force: fresh }));
  }, [dispatch, fresh]);
  return useAppSelector(selectCategories);
}
