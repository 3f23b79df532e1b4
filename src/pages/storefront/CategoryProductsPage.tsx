import { useLocation, useParams } from 'react-router-dom';
import { useCategories } from '../../app/useCategories';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/category/{id}. */
export default function CategoryProductsPage() {
  const { id = '' } = useParams();
  // Reached inside the shop, the categories are read afresh: a link drawn before the owner renamed or deleted this
  // category shows what exists now (the top strip with it). Opened from its address, the page's HTML brought them.
  const openedInsideShop = useLocation().key !== 'default';
  useCategories({ fresh: openedInsideShop });
  return <FilteredProducts by="category" id={id} />;
}
