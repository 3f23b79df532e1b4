export default function UserProfilePage() {
  return <h1 className="h4 my-3">الملف الشخصي</h1>;
}
