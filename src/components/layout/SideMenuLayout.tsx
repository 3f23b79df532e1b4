import { Suspense } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import Spinner from '../Spinner';

export interface SideMenuLink {
  to: string;
  label: string;
  /** Paths under which this link is the current section too (e.g. an edit page of the list it links to). */
  sectionPrefixes?: string[];
  /** Current only on exactly this path, not below it (a group's index page). */
  end?: boolean;
}

/** Side menu beside the group's pages (customer area, admin area); stacks above them on phones. */
export default function SideMenuLayout({ title, links }: { title: string; links: SideMenuLink[] }) {
  const { pathname } = useLocation();
  return (
    <Row className="g-3">
      <Col xs={12} md={3}>
        {/* Plain markup: the user area's layout is in the first load, and react-bootstrap's Nav would bring its
            keyboard-navigation machinery for a list of links. NavLink marks the current page (active, aria-current). */}
        <nav aria-label={title} className="nav nav-pills flex-md-column bg-white border rounded p-2 gap-1">
          {links.map(({ to, label, sectionPrefixes, end }) => {
            const inSection = sectionPrefixes?.some((prefix) => pathname.startsWith(prefix)) ?? false;
            return (
              <NavLink
                key={to}
                to={to}
                end={end}
                className={({ isActive }) => `nav-link${isActive || inSection ? ' active' : ''}`}
              >
                {label}
              </NavLink>
            );
          })}
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
