export default function CartPage() {
  return <h1 className="h4 my-3">عربة التسوق</h1>;
}
