export default function UserEditAddressPage() {
  return <h1 className="h4 my-3">تعديل العنوان</h1>;
}
