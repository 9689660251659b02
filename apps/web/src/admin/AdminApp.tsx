import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { can } from '@newsroom/contract';
import { useAuth } from '../lib/auth-store.ts';
import { AUTH_PATHS, paths } from '../lib/paths.ts';
import { NotFound } from '../shared/NotFound.tsx';
import { AuditScreen } from './audit/AuditScreen.tsx';
import { ContactDetailsScreen } from './contacts/ContactDetailsScreen.tsx';
import { DashboardScreen } from './dashboard/DashboardScreen.tsx';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { Allowed } from './layout/Allowed.tsx';
import { NewsTableScreen } from './news/NewsTableScreen.tsx';
import { DeskScreen } from './desk/DeskScreen.tsx';
import { ProfileScreen } from './profile/ProfileScreen.tsx';
import { SecurityScreen } from './security/SecurityScreen.tsx';
import { StaffScreen } from './staff/StaffScreen.tsx';
import { anchorEntity, categoryEntity, publisherEntity } from './taxonomy/api.ts';
import { NamedListScreen } from './taxonomy/NamedListScreen.tsx';
import { SubCategoryScreen } from './taxonomy/SubCategoryScreen.tsx';
import { WebhooksScreen } from './webhooks/WebhooksScreen.tsx';

// The editor screens (and Quill with them) load only when one is opened.
const NewsAddScreen = lazy(() =>
  import('./news/NewsEditorScreens.tsx').then((m) => ({ default: m.NewsAddScreen })),
);
const NewsUpdateScreen = lazy(() =>
  import('./news/NewsEditorScreens.tsx').then((m) => ({ default: m.NewsUpdateScreen })),
);
const LiveDeskScreen = lazy(() =>
  import('./live/LiveDeskScreen.tsx').then((m) => ({ default: m.LiveDeskScreen })),
);

const loading = <p className="text-slate-600">Loading...</p>;

/** The dashboard for the roles that see it; the news table for the others. */
function HomeScreen() {
  const auth = useAuth();
  // Signed out: the page is on its way to the sign-in screen, and reads nothing more.
  if (!auth) return null;
  return can(auth.role, 'dashboard') ? (
    <DashboardScreen />
  ) : (
    <Navigate to={paths.admin.newsTable()} replace />
  );
}

export function AdminApp() {
  return (
    <Routes>
      {AUTH_PATHS.map((path) => (
        <Route key={path} path={path} element={<Navigate to={paths.admin.dashboard()} replace />} />
      ))}
      <Route element={<AdminLayout />}>
        <Route index element={<HomeScreen />} />
        <Route
          path={paths.admin.category()}
          element={
            <Allowed action="taxonomy.write">
              <NamedListScreen
                entity={categoryEntity}
                title="Category List"
                addLabel="Add Category"
              />
            </Allowed>
          }
        />
        <Route
          path={paths.admin.subCategory()}
          element={
            <Allowed action="taxonomy.write">
              <SubCategoryScreen />
            </Allowed>
          }
        />
        <Route
          path={paths.admin.anchor()}
          element={
            <Allowed action="taxonomy.write">
              <NamedListScreen entity={anchorEntity} title="Anchors List" addLabel="+ Add Anchor" />
            </Allowed>
          }
        />
        <Route
          path={paths.admin.publisher()}
          element={
            <Allowed action="taxonomy.write">
              <NamedListScreen
                entity={publisherEntity}
                title="Publisher Table"
                addLabel="+ Add Publisher"
              />
            </Allowed>
          }
        />
        <Route path={paths.admin.newsTable()} element={<NewsTableScreen />} />
        <Route path={paths.admin.desk()} element={<DeskScreen />} />
        <Route
          path={paths.admin.newsAdd()}
          element={
            <Suspense fallback={loading}>
              <NewsAddScreen />
            </Suspense>
          }
        />
        <Route
          path="/news/update/:id"
          element={
            <Suspense fallback={loading}>
              <NewsUpdateScreen />
            </Suspense>
          }
        />
        <Route
          path="/news/live/:id"
          element={
            <Allowed action="news.live">
              <Suspense fallback={loading}>
                <LiveDeskScreen />
              </Suspense>
            </Allowed>
          }
        />
        <Route
          path={paths.admin.staff()}
          element={
            <Allowed action="staff.list">
              <StaffScreen />
            </Allowed>
          }
        />
        <Route path={paths.admin.security()} element={<SecurityScreen />} />
        <Route
          path={paths.admin.audit()}
          element={
            <Allowed action="audit">
              <AuditScreen />
            </Allowed>
          }
        />
        <Route
          path={paths.admin.profile()}
          element={
            <Allowed action="account">
              <ProfileScreen />
            </Allowed>
          }
        />
        <Route
          path={paths.admin.contactDetails()}
          element={
            <Allowed action="contacts">
              <ContactDetailsScreen />
            </Allowed>
          }
        />
        <Route
          path={paths.admin.webhooks()}
          element={
            <Allowed action="webhooks">
              <WebhooksScreen />
            </Allowed>
          }
        />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
