import { StatusScreen } from './StatusScreen.tsx';

export const NOT_FOUND_MESSAGE = 'Oops! The page you are looking for does not exist.';

/** The dark 404 screen shown for any unknown path, public or admin; its link pulses. */
export function NotFound() {
  return <StatusScreen code="404" message={NOT_FOUND_MESSAGE} />;
}
