import { useParams } from 'react-router-dom';
import { useCategories } from '../../features/category/useCategories';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/category/{id}. */
export default function CategoryProductsPage() {
  const { id = '' } = useParams();
  useCategories();
  return <FilteredProducts by="category" id={id} />;
}
