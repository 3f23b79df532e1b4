import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CatalogueList, { type CatalogueActions, type CatalogueTexts } from '../../components/admin/CatalogueList';
import { deleteBrand, updateBrand } from '../../features/brand/adminThunks';
import { brandCatalogueClosed, fetchBrandCatalogue, selectBrandCatalogue } from '../../app/brandSlice';

const texts: CatalogueTexts = {
  kind: 'brands',
  heading: 'الماركات',
  noun: 'الماركة',
  addLink: { to: '/admin/addbrand', label: 'اضف ماركة' },
  empty: 'لا توجد ماركات حتى الان',
  // API.md §6.7: the products stay, without a brand.
  deleteWarning: (b) =>
    b.productCount ? `ستبقى منتجاتها (${b.productCount}) في المتجر بدون ماركة.` : 'لا توجد منتجات لهذه الماركة.',
  productsLink: (b) => `/admin/allproducts?brand=${encodeURIComponent(b._id)}`,
};

export default function AdminBrandsPage() {
  const dispatch = useAppDispatch();
  const actions = useMemo<CatalogueActions>(
    () => ({
      load: (page, limit) => void dispatch(fetchBrandCatalogue({ page, limit })),
      update: (id, body, onProgress) => dispatch(updateBrand({ id, body, onProgress })).unwrap(),
      remove: (id) => dispatch(deleteBrand(id)).unwrap(),
    }),
    [dispatch],
  );
  const list = useAppSelector(selectBrandCatalogue);
  useEffect(() => () => void dispatch(brandCatalogueClosed()), [dispatch]);
  return <CatalogueList texts={texts} list={list} actions={actions} />;
}
