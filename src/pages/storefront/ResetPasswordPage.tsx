export default function ResetPasswordPage() {
  return <h1 className="h4 my-3">كلمة سر جديدة</h1>;
}
