export default function UserAllOrdersPage() {
  return <h1 className="h4 my-3">ادارة الطلبات</h1>;
}
