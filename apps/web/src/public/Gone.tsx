import { StatusScreen } from '../shared/StatusScreen.tsx';

export const GONE_MESSAGE = 'This article has been removed and is no longer available.';

/** The page of a deleted article (status 410): the 404 screen's layout, saying it was removed. */
export function Gone() {
  return <StatusScreen code="410" message={GONE_MESSAGE} />;
}
