export default function BrandProductsPage() {
  return <h1 className="h4 my-3">منتجات الماركة</h1>;
}
