import { Suspense } from 'react';
import Col from 'react-bootstrap/Col';
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
        {/* Plain markup: the user area's layout is in the first load, and react-bootstrap's Nav would bring its
            keyboard-navigation machinery for a list of links. NavLink marks the current page (active, aria-current). */}
        <nav aria-label={title} className="nav nav-pills flex-md-column bg-white border rounded p-2 gap-1">
          {links.map(({ to, label }) => (
            <NavLink key={to} to={to} className="nav-link">
              {label}
            </NavLink>
          ))}
        </nav>
      </Col>
      <Col xs={12} md={9}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </Col>
    </Row>
  );
}
