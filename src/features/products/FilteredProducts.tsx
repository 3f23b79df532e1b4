import { useEffect, useState } from 'react';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import Paginator from '../../components/Paginator';
import ProductGrid from '../../components/ProductGrid';
import { fetchProductList, PRODUCTS_PAGE_SIZE, selectProductList } from './productsSlice';

interface FilteredProductsProps {
  /** Products of one category or one brand. */
  by: 'category' | 'brand';
  id: Id;
  /** The category's or brand's name once known. */
  name?: string;
}

/** The grid of /products/category/{id} and /products/brand/{id}: 8 a page, with a pager. */
export default function FilteredProducts({ by, id, name }: FilteredProductsProps) {
  const dispatch = useAppDispatch();
  const key = by === 'category' ? 'byCategory' : 'byBrand';
  const [page, setPage] = useState({ id, number: 1 });
  // A new category or brand starts from its first page.
  const pageNumber = page.id === id ? page.number : 1;
  const { items, status, numberOfPages } = useAppSelector((state) => selectProductList(state, key));

  useEffect(() => {
    void dispatch(fetchProductList({ key, query: { limit: PRODUCTS_PAGE_SIZE, page: pageNumber, [by]: id } }));
  }, [dispatch, key, by, id, pageNumber]);

  return (
    <>
      <h1 className="h4 my-3">{by === 'category' ? 'منتجات تصنيف' : 'منتجات ماركة'} {name ?? ''}</h1>
      <ProductGrid products={items} status={status} />
      <Paginator pageCount={numberOfPages} currentPage={pageNumber} onPageChange={(number) => setPage({ id, number })} />
    </>
  );
}
