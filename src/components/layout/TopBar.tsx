import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

// The top bar is on every page, so it is plain Bootstrap markup: react-bootstrap's Navbar brings its
// Offcanvas and Modal machinery, Form all its sub-forms and NavDropdown Popper (together about 20 KB gzip)
// into every shopper's first load. The menu opens at once, without Collapse's height animation and its
// transition machinery.
//
// The search box, cart link and user menu hold state, so they live with their features and the app shell
// (RootLayout) hands them in.

interface TopBarProps {
  searchBox: ReactNode;
  cartLink: ReactNode;
  userMenu: ReactNode;
}

export default function TopBar({ searchBox, cartLink, userMenu }: TopBarProps) {
  const [expanded, setExpanded] = useState(false);
  // SPEC §2: search and cart stay in the bar at every width. On phones the cart sits beside the ☰ button and
  // the search box takes the full second row; only the user menu folds into ☰. From lg on, one row:
  // logo, search, user menu, cart.
  return (
    <nav className="navbar navbar-expand-lg bg-dark sticky-top shadow-sm" data-bs-theme="dark">
      <div className="container">
        <Link to="/" className="navbar-brand d-flex align-items-center gap-2">
          <img src="/logo.svg" alt="" width={32} height={32} />
          متجر
        </Link>
        <div className="d-flex align-items-center gap-2 ms-auto order-lg-3">
          <div className="navbar-nav">{cartLink}</div>
          <button
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="top-bar-menu"
            aria-expanded={expanded}
            aria-label="القائمة"
            onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
          >
            <span className="navbar-toggler-icon" />
          </button>
        </div>
        {searchBox}
        <div
          id="top-bar-menu"
          className={`collapse navbar-collapse flex-lg-grow-0 order-lg-2${expanded ? ' show' : ''}`}
        >
          <div className="navbar-nav align-items-lg-center">{userMenu}</div>
        </div>
      </div>
    </nav>
  );
}
