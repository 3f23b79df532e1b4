export default function AdminEditProductPage() {
  return <h1 className="h4 my-3">تعديل المنتج</h1>;
}
