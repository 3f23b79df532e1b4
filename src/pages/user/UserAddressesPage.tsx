export default function UserAddressesPage() {
  return <h1 className="h4 my-3">العناوين الشخصية</h1>;
}
