import CatalogueList, { type CatalogueTexts } from '../../components/admin/CatalogueList';

const texts: CatalogueTexts = {
  kind: 'brands',
  heading: 'الماركات',
  noun: 'الماركة',
  addLink: { to: '/admin/addbrand', label: 'اضف ماركة' },
  empty: 'لا توجد ماركات حتى الان',
  // API.md §6.7: the products stay, without a brand.
  deleteWarning: (b) => (b.productCount ? `ستبقى منتجاتها (${b.productCount}) في المتجر بدون ماركة.` : 'لا توجد منتجات لهذه الماركة.'),
  productsLink: (b) => `/admin/allproducts?brand=${encodeURIComponent(b._id)}`,
};

export default function AdminBrandsPage() {
  return <CatalogueList texts={texts} />;
}
