export default function ForgetPasswordPage() {
  return <h1 className="h4 my-3">نسيت كلمة السر</h1>;
}
