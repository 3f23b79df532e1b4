export default function UserAddAddressPage() {
  return <h1 className="h4 my-3">اضافة عنوان جديد</h1>;
}
