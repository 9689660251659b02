import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AUTH_PATHS, paths } from '../lib/paths.ts';
import { NotFound } from '../shared/NotFound.tsx';
import { ContactDetailsScreen } from './contacts/ContactDetailsScreen.tsx';
import { DashboardScreen } from './dashboard/DashboardScreen.tsx';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { NewsTableScreen } from './news/NewsTableScreen.tsx';
import { anchorEntity, categoryEntity, publisherEntity } from './taxonomy/api.ts';
import { NamedListScreen } from './taxonomy/NamedListScreen.tsx';
import { SubCategoryScreen } from './taxonomy/SubCategoryScreen.tsx';

// The editor screens (and Quill with them) load only when one is opened.
const NewsAddScreen = lazy(() =>
  import('./news/NewsEditorScreens.tsx').then((m) => ({ default: m.NewsAddScreen })),
);
const NewsUpdateScreen = lazy(() =>
  import('./news/NewsEditorScreens.tsx').then((m) => ({ default: m.NewsUpdateScreen })),
);

const loading = <p className="text-slate-600">Loading...</p>;

export function AdminApp() {
  return (
    <Routes>
      {AUTH_PATHS.map((path) => (
        <Route key={path} path={path} element={<Navigate to={paths.admin.dashboard()} replace />} />
      ))}
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardScreen />} />
        <Route
          path={paths.admin.category()}
          element={
            <NamedListScreen
              entity={categoryEntity}
              title="Category List"
              addLabel="Add Category"
            />
          }
        />
        <Route path={paths.admin.subCategory()} element={<SubCategoryScreen />} />
        <Route
          path={paths.admin.anchor()}
          element={
            <NamedListScreen entity={anchorEntity} title="Anchors List" addLabel="+ Add Anchor" />
          }
        />
        <Route
          path={paths.admin.publisher()}
          element={
            <NamedListScreen
              entity={publisherEntity}
              title="Publisher Table"
              addLabel="+ Add Publisher"
            />
          }
        />
        <Route path={paths.admin.newsTable()} element={<NewsTableScreen />} />
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
        <Route path={paths.admin.contactDetails()} element={<ContactDetailsScreen />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
