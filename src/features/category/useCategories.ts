import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchCategories, selectCategories } from './categorySlice';

/** Every category, loaded once for the whole app (the thunk skips a load already done or under way). */
export function useCategories() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchCategories());
  }, [dispatch]);
  return useAppSelector(selectCategories);
}
