export default function UserFavoriteProductsPage() {
  return <h1 className="h4 my-3">المنتجات المفضلة</h1>;
}
