import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ProductGrid from '../../components/ProductGrid';
import { fetchWishlist, selectWishlistProducts, selectWishlistStatus } from '../../features/wishlist/wishlistSlice';

export default function UserFavoriteProductsPage() {
  const dispatch = useAppDispatch();
  const products = useAppSelector(selectWishlistProducts);
  const status = useAppSelector(selectWishlistStatus);

  // Always fresh here: favourites may have been added on other pages since the hearts were loaded.
  useEffect(() => {
    void dispatch(fetchWishlist({ force: true }));
  }, [dispatch]);

  return (
    <>
      <h1 className="h4 my-3">المنتجات المفضلة</h1>
      <ProductGrid products={products} status={status === 'idle' ? 'pending' : status} emptyText="لا توجد منتجات مفضلة حاليا" />
    </>
  );
}
