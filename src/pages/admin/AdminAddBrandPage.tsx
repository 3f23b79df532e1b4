export default function AdminAddBrandPage() {
  return <h1 className="h4 my-3">اضافة ماركة جديدة</h1>;
}
