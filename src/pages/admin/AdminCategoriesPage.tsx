import CatalogueList, { type CatalogueTexts } from '../../components/admin/CatalogueList';

const texts: CatalogueTexts = {
  kind: 'categories',
  heading: 'التصنيفات',
  noun: 'التصنيف',
  addLink: { to: '/admin/addcategory', label: 'اضف تصنيف' },
  empty: 'لا توجد تصنيفات حتى الان',
  // API.md §6.7: refused (409) while products use it; its subcategories go with it.
  deleteWarning: (c) =>
    c.productCount
      ? `لا يمكن حذفه الان لانه يحتوي على ${c.productCount} منتج: انقلها الى تصنيف اخر او احذفها اولا.`
      : 'ستحذف تصنيفاته الفرعية معه.',
  productsLink: (c) => `/admin/allproducts?category=${encodeURIComponent(c._id)}`,
};

export default function AdminCategoriesPage() {
  return <CatalogueList texts={texts} />;
}
