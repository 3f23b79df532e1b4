export default function HomePage() {
  return <h1 className="h4 my-3">الرئيسية</h1>;
}
