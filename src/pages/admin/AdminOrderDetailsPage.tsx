export default function AdminOrderDetailsPage() {
  return <h1 className="h4 my-3">تفاصيل الطلب</h1>;
}
