export default function PayMethodPage() {
  return <h1 className="h4 my-3">اختر طريقة الدفع</h1>;
}
