export default function AdminAddCategoryPage() {
  return <h1 className="h4 my-3">اضافة تصنيف جديد</h1>;
}
