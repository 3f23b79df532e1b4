export default function AdminAllOrdersPage() {
  return <h1 className="h4 my-3">ادارة جميع الطلبات</h1>;
}
