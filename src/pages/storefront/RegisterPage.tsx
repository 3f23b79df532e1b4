export default function RegisterPage() {
  return <h1 className="h4 my-3">تسجيل حساب جديد</h1>;
}
