import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CatalogueList, { type CatalogueActions, type CatalogueTexts } from '../../components/admin/CatalogueList';
import { deleteCategory, updateCategory } from '../../features/category/adminThunks';
import {
  categoryCatalogueClosed,
  fetchCategories,
  fetchCategoryCatalogue,
  selectCategoryCatalogue,
} from '../../app/categorySlice';
import { productsLabel } from '../../lib/plural';

const texts: CatalogueTexts = {
  kind: 'categories',
  heading: 'التصنيفات',
  noun: 'التصنيف',
  addLink: { to: '/admin/addcategory', label: 'اضف تصنيف' },
  empty: 'لا توجد تصنيفات حتى الان',
  // API.md §6.7: refused (409) while products use it; its subcategories go with it.
  deleteWarning: (c) =>
    c.productCount
      ? `لا يمكن حذفه الان لانه يحتوي على ${productsLabel(c.productCount, true)}: انقلها الى تصنيف اخر او احذفها اولا.`
      : 'ستحذف تصنيفاته الفرعية معه.',
  deleteBlocked: (c) => (c.productCount ?? 0) > 0,
  productsLink: (c) => `/admin/allproducts?category=${encodeURIComponent(c._id)}`,
};

export default function AdminCategoriesPage() {
  const dispatch = useAppDispatch();
  const actions = useMemo<CatalogueActions>(
    () => ({
      load: (page, limit) => void dispatch(fetchCategoryCatalogue({ page, limit })),
      // The shop's own category list (the top strip, filters, selects) is read again after a rename or a deletion, so
      // it never links to a category that is gone or shows an old name.
      update: async (id, body, onProgress) => {
        await dispatch(updateCategory({ id, body, onProgress })).unwrap();
        void dispatch(fetchCategories({ force: true }));
      },
      remove: async (id) => {
        await dispatch(deleteCategory(id)).unwrap();
        void dispatch(fetchCategories({ force: true }));
      },
    }),
    [dispatch],
  );
  const list = useAppSelector(selectCategoryCatalogue);
  useEffect(() => () => void dispatch(categoryCatalogueClosed()), [dispatch]);
  return <CatalogueList texts={texts} list={list} actions={actions} />;
}
