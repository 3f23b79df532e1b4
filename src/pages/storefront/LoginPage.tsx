export default function LoginPage() {
  return <h1 className="h4 my-3">تسجيل الدخول</h1>;
}
