import { Navigate, Outlet } from 'react-router-dom';
import { selectIsAdmin, selectIsUser } from '../features/user/userSlice';
import { useAppSelector } from './hooks';

// SPEC §4 route guards. They render before any lazily loaded page of their group, so a visitor or
// customer never downloads the admin code.

/** Customer area (/user/*): stored user with role 'user'. */
export function RequireUser() {
  const allowed = useAppSelector(selectIsUser);
  return allowed ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Admin area (/admin/*): stored user with any other role. */
export function RequireAdmin() {
  const allowed = useAppSelector(selectIsAdmin);
  return allowed ? <Outlet /> : <Navigate to="/login" replace />;
}
