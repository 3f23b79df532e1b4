import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchCategories, selectCategories } from '../../features/category/categorySlice';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/category/{id}. */
export default function CategoryProductsPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const category = useAppSelector(selectCategories).find((c) => c._id === id);

  useEffect(() => {
    void dispatch(fetchCategories());
  }, [dispatch]);

  return <FilteredProducts by="category" id={id} name={category?.name} />;
}
