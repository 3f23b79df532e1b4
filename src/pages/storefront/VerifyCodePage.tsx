export default function VerifyCodePage() {
  return <h1 className="h4 my-3">تأكيد الكود</h1>;
}
