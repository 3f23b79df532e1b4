export default function AllCategoryPage() {
  return <h1 className="h4 my-3">كل التصنيفات</h1>;
}
