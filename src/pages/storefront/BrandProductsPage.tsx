import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchBrands, selectBrands } from '../../features/brand/brandSlice';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/brand/{id}. */
export default function BrandProductsPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const brand = useAppSelector(selectBrands).find((b) => b._id === id);

  useEffect(() => {
    void dispatch(fetchBrands());
  }, [dispatch]);

  return <FilteredProducts by="brand" id={id} name={brand?.name} />;
}
