import { useParams } from 'react-router-dom';
import { useCategories } from '../../features/category/useCategories';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/category/{id}. */
export default function CategoryProductsPage() {
  const { id = '' } = useParams();
  // Read afresh: a link the shop drew before the owner renamed or deleted this category shows what exists now (the top
  // strip with it), not the old name or a category that is gone.
  useCategories({ fresh: true });
  return <FilteredProducts by="category" id={id} />;
}
