import { useEffect } from 'react';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useBrands } from '../../app/useBrands';
import { useCategories } from '../../app/useCategories';
import { fetchSubcategoriesOf, selectSubcategoriesOf } from './subCategorySlice';

/**
 * What the owner's product form chooses from: every category and brand, loaded afresh when the form
 * opens (one just added elsewhere must be there), and the subcategories of the chosen category.
 */
export function useProductChoices(categoryId: Id = '') {
  const dispatch = useAppDispatch();
  const categories = useCategories({ fresh: true });
  const brands = useBrands({ fresh: true });
  useEffect(() => {
    if (categoryId) void dispatch(fetchSubcategoriesOf(categoryId));
  }, [dispatch, categoryId]);
  const subcategories = useAppSelector((state) => (categoryId ? selectSubcategoriesOf(state, categoryId) : null));
  return {
    categories,
    brands,
    subcategories: { category: categoryId, items: subcategories },
  };
}
