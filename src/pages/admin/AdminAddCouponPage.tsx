export default function AdminAddCouponPage() {
  return <h1 className="h4 my-3">اضافة كوبون جديد</h1>;
}
