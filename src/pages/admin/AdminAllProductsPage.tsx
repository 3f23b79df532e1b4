export default function AdminAllProductsPage() {
  return <h1 className="h4 my-3">ادارة جميع المنتجات</h1>;
}
