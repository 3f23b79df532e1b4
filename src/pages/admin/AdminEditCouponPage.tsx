export default function AdminEditCouponPage() {
  return <h1 className="h4 my-3">تعديل الكوبون</h1>;
}
