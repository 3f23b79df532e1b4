export default function ProductsPage() {
  return <h1 className="h4 my-3">المنتجات</h1>;
}
