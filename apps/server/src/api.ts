import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './auth/account-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { categoryRoutes } from './category/routes.ts';
import { contactAdminRoutes, contactPublicRoutes } from './contact/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { newsRoutes } from './news/routes.ts';
import { personRoutes } from './people/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { subCategoryRoutes } from './subcategory/routes.ts';
import { cacheRoutesOfScope } from './cache/cached-routes.ts';
import { guardAdminScope } from './auth/admin-guard.ts';
import { answerNotFound } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { useContractSchemas } from './http/route-schemas.ts';

/** Everything under /api/v1: open routes first, then the admin scope behind one guard. */
export async function apiRoutes(app: FastifyInstance) {
  // Front ends of other origins (CORS_ORIGINS) may call the API with credentials; any other
  // origin gets no CORS headers at all (docs/decisions/014).
  const allowed = app.config.corsOrigins;
  if (allowed.length > 0) {
    await app.register(cors, {
      origin: (origin, done) => done(null, origin && allowed.includes(origin) ? origin : false),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  }
  // Unknown addresses under /api/v1 are answered in this scope, so a listed origin gets the CORS
  // headers with the 404 and can read its message. GET needs a route of its own: the page host's
  // catch-all would take it otherwise.
  app.setNotFoundHandler(answerNotFound);
  app.get('/*', answerNotFound);

  // Every route below declares its schemas; the document of them is served here (decision 092).
  useContractSchemas(app);
  await registerOpenApi(app);

  await app.register(contactPublicRoutes, { prefix: '/contact' });
  // The reader site's reads are served from the public cache (docs/decisions/095).
  await app.register(async (cached) => {
    cacheRoutesOfScope(cached, app.publicCache);
    await cached.register(publicRoutes, { prefix: '/u' });
    await cached.register(searchRoutes, { prefix: '/u' });
  });
  await app.register(authRoutes, { prefix: '/auth' });

  await app.register(async (admin) => {
    guardAdminScope(admin);
    await admin.register(categoryRoutes, { prefix: '/category' });
    await admin.register(subCategoryRoutes, { prefix: '/subCategory' });
    await admin.register(personRoutes(app.services.anchors), { prefix: '/anchor' });
    await admin.register(personRoutes(app.services.publishers), { prefix: '/publisher' });
    await admin.register(contactAdminRoutes, { prefix: '/admin-contact' });
    await admin.register(dashboardRoutes, { prefix: '/dashboard' });
    await admin.register(newsRoutes, { prefix: '/news' });
    await admin.register(accountRoutes, { prefix: '/auth' });
  });
}
