export default function AdminAddSubcategoryPage() {
  return <h1 className="h4 my-3">اضافة تصنيف فرعي جديد</h1>;
}
