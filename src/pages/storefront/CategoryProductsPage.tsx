import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { fetchCategories } from '../../features/category/categorySlice';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/category/{id}. */
export default function CategoryProductsPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();

  useEffect(() => {
    void dispatch(fetchCategories());
  }, [dispatch]);

  return <FilteredProducts by="category" id={id} />;
}
