import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { fetchBrands } from '../../features/brand/brandSlice';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/brand/{id}. */
export default function BrandProductsPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();

  useEffect(() => {
    void dispatch(fetchBrands());
  }, [dispatch]);

  return <FilteredProducts by="brand" id={id} />;
}
