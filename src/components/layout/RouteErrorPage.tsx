import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import NotFound from '../NotFound';

/**
 * Routing errors (DESIGN.md: Arabic instead of SPEC's 'Unexpected Application Error!'): a 404 is the not-found page, anything
 * else (a page that failed to load or render) says so and offers a reload. Inside the layout the top bar stays usable.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Container className="text-center py-5">
      <h1 className="h3 mb-3">حدث خطأ غير متوقع</h1>
      <p className="text-body-secondary mb-4">تعذر عرض هذه الصفحة، اعد تحميلها او عد للصفحة الرئيسية.</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Button variant="dark" onClick={() => window.location.reload()}>
          إعادة تحميل الصفحة
        </Button>
        <Link to="/" className="btn btn-outline-dark">
          الصفحة الرئيسية
        </Link>
      </div>
    </Container>
  );
}
