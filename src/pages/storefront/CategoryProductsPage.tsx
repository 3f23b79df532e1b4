export default function CategoryProductsPage() {
  return <h1 className="h4 my-3">منتجات التصنيف</h1>;
}
