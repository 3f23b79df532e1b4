import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import DiscountBanner from '../../components/home/DiscountBanner';
import HomeBrands from '../../features/brand/HomeBrands';
import HomeCategories from '../../features/category/HomeCategories';
import HomeSlider from '../../components/home/HomeSlider';
import ProductGrid from '../../features/products/ProductGrid';
import SectionHeader from '../../components/SectionHeader';
import { listingPath } from '../../features/products/listingUrl';
import { fetchProductList, selectProductList } from '../../features/products/productsSlice';
import { usePageMeta } from '../../lib/usePageMeta';

/** SPEC §9: 4 products in each home section. */
const HOME_PRODUCTS = 4;
/** Where the offers lead: the slides' shop-wide discount to the best sellers, the banner's to the laptops. */
const SLIDES_PATH = listingPath('-sold');
const LAPTOPS_PATH = listingPath('', 'لابتوب');

export default function HomePage() {
  usePageMeta({});
  const dispatch = useAppDispatch();
  const bestSellers = useAppSelector((state) => selectProductList(state, 'bestSellers'));
  const latest = useAppSelector((state) => selectProductList(state, 'latest'));

  const loadBestSellers = useCallback(
    () => void dispatch(fetchProductList({ key: 'bestSellers', query: { sort: '-sold', limit: HOME_PRODUCTS } })),
    [dispatch],
  );
  const loadLatest = useCallback(
    () => void dispatch(fetchProductList({ key: 'latest', query: { limit: HOME_PRODUCTS } })),
    [dispatch],
  );

  useEffect(() => {
    loadBestSellers();
    loadLatest();
  }, [loadBestSellers, loadLatest]);

  return (
    <>
      <h1 className="visually-hidden">الصفحة الرئيسية</h1>
      <HomeSlider to={SLIDES_PATH} />
      <HomeCategories />
      <section>
        <SectionHeader title="الاكثر مبيعا" buttonTitle="المزيد" path={listingPath('-sold')} />
        <ProductGrid
          products={bestSellers.items.slice(0, HOME_PRODUCTS)}
          status={bestSellers.status}
          onRetry={loadBestSellers}
        />
      </section>
      <DiscountBanner to={LAPTOPS_PATH} />
      <section>
        <SectionHeader title="احدث المنتجات" buttonTitle="المزيد" path={listingPath()} />
        <ProductGrid products={latest.items.slice(0, HOME_PRODUCTS)} status={latest.status} onRetry={loadLatest} />
      </section>
      <HomeBrands />
    </>
  );
}
