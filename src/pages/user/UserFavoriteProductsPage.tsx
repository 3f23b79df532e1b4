import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ProductGrid from '../../features/products/ProductGrid';
import { fetchWishlist, selectWishlistProducts, selectWishlistStatus } from '../../app/wishlistSlice';
import { usePageMeta } from '../../lib/usePageMeta';

export default function UserFavoriteProductsPage() {
  usePageMeta({ title: 'المفضلة' });
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
      <ProductGrid
        products={products}
        status={status === 'idle' ? 'pending' : status}
        emptyText="لا توجد منتجات مفضلة حاليا"
        cardHeading="h2"
        onRetry={() => void dispatch(fetchWishlist({ force: true }))}
      />
    </>
  );
}
