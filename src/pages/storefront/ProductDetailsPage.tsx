export default function ProductDetailsPage() {
  return <h1 className="h4 my-3">تفاصيل المنتج</h1>;
}
