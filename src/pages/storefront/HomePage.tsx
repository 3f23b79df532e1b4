import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import DiscountBanner from '../../components/home/DiscountBanner';
import HomeBrands from '../../components/home/HomeBrands';
import HomeCategories from '../../components/home/HomeCategories';
import HomeSlider from '../../components/home/HomeSlider';
import ProductGrid from '../../components/ProductGrid';
import SectionHeader from '../../components/SectionHeader';
import { fetchProductList, selectProductList } from '../../features/products/productsSlice';

/** SPEC §9: 4 products in each home section. */
export const HOME_PRODUCTS = 4;

export default function HomePage() {
  const dispatch = useAppDispatch();
  const bestSellers = useAppSelector((state) => selectProductList(state, 'bestSellers'));
  const latest = useAppSelector((state) => selectProductList(state, 'latest'));

  useEffect(() => {
    void dispatch(fetchProductList({ key: 'bestSellers', query: { sort: '-sold', limit: HOME_PRODUCTS } }));
    void dispatch(fetchProductList({ key: 'latest', query: { limit: HOME_PRODUCTS } }));
  }, [dispatch]);

  return (
    <>
      <h1 className="visually-hidden">الصفحة الرئيسية</h1>
      <HomeSlider />
      <HomeCategories />
      <section>
        <SectionHeader title="الاكثر مبيعا" buttonTitle="المزيد" path="/products" />
        <ProductGrid products={bestSellers.items.slice(0, HOME_PRODUCTS)} status={bestSellers.status} />
      </section>
      <DiscountBanner />
      <section>
        <SectionHeader title="احدث المنتجات" buttonTitle="المزيد" path="/products" />
        <ProductGrid products={latest.items.slice(0, HOME_PRODUCTS)} status={latest.status} />
      </section>
      <HomeBrands />
    </>
  );
}
