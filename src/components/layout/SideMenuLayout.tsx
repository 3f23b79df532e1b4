import { Suspense } from 'react';
import Col from 'react-bootstrap/Col';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { NavLink, Outlet } from 'react-router-dom';
import Spinner from '../Spinner';

export interface SideMenuLink {
  to: string;
  label: string;
}

/** Side menu beside the group's pages (customer area, admin area); stacks above them on phones. */
export default function SideMenuLayout({ title, links }: { title: string; links: SideMenuLink[] }) {
  return (
    <Row className="g-3">
      <Col xs={12} md={3}>
        <Nav as="nav" aria-label={title} variant="pills" className="flex-md-column bg-white border rounded p-2 gap-1">
          {links.map(({ to, label }) => (
            <Nav.Link key={to} as={NavLink} to={to}>
              {label}
            </Nav.Link>
          ))}
        </Nav>
      </Col>
      <Col xs={12} md={9}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </Col>
    </Row>
  );
}
