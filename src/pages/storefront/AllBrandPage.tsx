export default function AllBrandPage() {
  return <h1 className="h4 my-3">كل الماركات</h1>;
}
