import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginStateFrom } from './afterLogin';
import { selectIsAdmin, selectIsUser, selectLoggedOutByChoice } from './userSlice';
import { useAppSelector } from './hooks';

// SPEC §4 route guards. They render before any lazily loaded page of their group, so a visitor or
// customer never downloads the admin code.

/**
 * Where a guarded page sends someone it does not admit: home right after they logged out (SPEC §2, from any guarded
 * page), else the login page, which brings them back here once they have logged in.
 */
function Refused() {
  const location = useLocation();
  const loggedOutByChoice = useAppSelector(selectLoggedOutByChoice);
  if (loggedOutByChoice) return <Navigate to="/" replace />;
  return <Navigate to="/login" replace state={loginStateFrom(location)} />;
}

/** Customer area (/user/*): stored user with role 'user'. */
export function RequireUser() {
  const allowed = useAppSelector(selectIsUser);
  return allowed ? <Outlet /> : <Refused />;
}

/** Admin area (/admin/*): stored user with any other role. */
export function RequireAdmin() {
  const allowed = useAppSelector(selectIsAdmin);
  return allowed ? <Outlet /> : <Refused />;
}
