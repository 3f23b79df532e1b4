import { useParams } from 'react-router-dom';
import { useBrands } from '../../app/useBrands';
import FilteredProducts from '../../features/products/FilteredProducts';

/** /products/brand/{id}. */
export default function BrandProductsPage() {
  const { id = '' } = useParams();
  useBrands();
  return <FilteredProducts by="brand" id={id} />;
}
