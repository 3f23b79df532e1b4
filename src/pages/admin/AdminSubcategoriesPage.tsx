import { useMemo } from 'react';
import CatalogueList, { type CatalogueTexts } from '../../components/admin/CatalogueList';
import { useCategories } from '../../features/category/useCategories';

export default function AdminSubcategoriesPage() {
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
      deleteWarning: (s) => (s.productCount ? `سيزال من ${s.productCount} منتج وتبقى المنتجات في المتجر.` : 'لا توجد منتجات في هذا التصنيف الفرعي.'),
      describe: (s) => (s.category && names.has(s.category) ? `التصنيف الرئيسي: ${names.get(s.category)}` : undefined),
    };
  }, [categories]);

  return <CatalogueList texts={texts} />;
}
