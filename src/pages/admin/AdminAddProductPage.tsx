export default function AdminAddProductPage() {
  return <h1 className="h4 my-3">اضافة منتج جديد</h1>;
}
