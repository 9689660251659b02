import './styles.css';
import { isAdminSignedIn } from './lib/auth-store.ts';
import { isAuthPath } from './lib/paths.ts';
import { isPreviewPath } from '@newsroom/contract';
import { hydratePublic } from './public/mount.tsx';

/**
 * Decides, before anything renders, which app owns this page: a preview link is a reader's page;
 * a signed-in admin gets the back office, a visitor on a sign-in path the auth screens, anyone else the server-rendered public
 * site, hydrated. The admin and auth code load only when needed.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A preview link shows a reader's page, to staff signed in too (decision 113).
if (isPreviewPath(window.location.pathname)) {
  void hydratePublic(root);
} else if (isAdminSignedIn()) {
  void import('./admin/mount.tsx').then(({ mountAdmin }) => mountAdmin(root));
} else if (isAuthPath(window.location.pathname)) {
  void import('./auth/mount.tsx').then(({ mountAuth }) => mountAuth(root));
} else {
  void hydratePublic(root);
}
