import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CatalogueList, { type CatalogueActions, type CatalogueTexts } from '../../components/admin/CatalogueList';
import { deleteSubcategory, updateSubcategory } from '../../features/subCategory/adminThunks';
import {
  fetchSubcategoryCatalogue,
  selectSubcategoryCatalogue,
  subcategoryCatalogueClosed,
} from '../../features/subCategory/subCategorySlice';
import { useCategories } from '../../app/useCategories';
import { productsLabel } from '../../lib/plural';

export default function AdminSubcategoriesPage() {
  const dispatch = useAppDispatch();
  const actions = useMemo<CatalogueActions>(
    () => ({
      load: (page, limit) => void dispatch(fetchSubcategoryCatalogue({ page, limit })),
      update: (id, body, onProgress) => dispatch(updateSubcategory({ id, body, onProgress })).unwrap(),
      remove: (id) => dispatch(deleteSubcategory(id)).unwrap(),
    }),
    [dispatch],
  );
  // Category names for the line under each subcategory; the list works without them.
  const categories = useCategories({ fresh: true });

  const texts = useMemo<CatalogueTexts>(() => {
    const names = new Map(categories.map((c) => [c._id, c.name]));
    return {
      kind: 'subcategories',
      heading: 'التصنيفات الفرعية',
      noun: 'التصنيف الفرعي',
      addLink: { to: '/admin/addsubcategory', label: 'اضف تصنيف فرعي' },
      empty: 'لا توجد تصنيفات فرعية حتى الان',
      // API.md §6.7: removed from its products, which stay.
      deleteWarning: (s) =>
        s.productCount
          ? `سيزال من ${productsLabel(s.productCount, true)} وتبقى المنتجات في المتجر.`
          : 'لا توجد منتجات في هذا التصنيف الفرعي.',
      describe: (s) => (s.category && names.has(s.category) ? `التصنيف الرئيسي: ${names.get(s.category)}` : undefined),
    };
  }, [categories]);

  const list = useAppSelector(selectSubcategoryCatalogue);
  useEffect(() => () => void dispatch(subcategoryCatalogueClosed()), [dispatch]);
  return <CatalogueList texts={texts} list={list} actions={actions} />;
}
