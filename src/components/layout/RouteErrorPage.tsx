import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? `: ${error.data}` : '';
    return `${error.status} ${error.statusText}${detail}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** SPEC §2 generic fallback for routing errors (unknown URL, a page that failed to load or render). */
export default function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Container className="py-5">
      <h1 className="h3">
        {/* bdi: keeps the English sentence (and its "!") in left-to-right order inside the RTL page. */}
        <bdi>Unexpected Application Error!</bdi>
      </h1>
      <p className="text-danger font-monospace" dir="auto">
        {describe(error)}
      </p>
      <Link to="/">العودة للصفحة الرئيسية</Link>
    </Container>
  );
}
