import HomePage from './HomePage';

// /register and /register.html: the home layout; the registration modal opens over it.
export default function RegisterRoute() {
  return <HomePage />;
}
