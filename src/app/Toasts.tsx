import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';
import { DELAYS } from '../lib/delays';

/** Loaded lazily by AppProviders (see lib/toast.ts). */
export default function Toasts() {
  // top-left is the far end of the line in right-to-left reading, away from the logo and search.
  return <ToastContainer rtl position="top-left" autoClose={DELAYS.toastAutoClose} newestOnTop />;
}
