import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './auth/account-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { categoryRoutes } from './category/routes.ts';
import { contactAdminRoutes, contactPublicRoutes } from './contact/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { newsRoutes } from './news/routes.ts';
import { deskRoutes } from './desk/routes.ts';
import { presenceRoutes } from './presence/routes.ts';
import { personRoutes } from './people/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { subCategoryRoutes } from './subcategory/routes.ts';
import { cacheRoutesOfScope } from './cache/cached-routes.ts';
import { actionsOfScope, guardAdminScope, signedInActor } from './auth/admin-guard.ts';
import { invitationAcceptRoutes, staffRoutes } from './staff/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { revisionRoutes, revisionSettingsRoutes } from './revisions/routes.ts';
import { correctionPublicRoutes, correctionRoutes } from './corrections/routes.ts';
import { previewRoutes } from './previews/routes.ts';
import { livePublicRoutes, liveRoutes, liveStreamRoutes } from './live/routes.ts';
import { profileRoutes } from './staff/profile-routes.ts';
import {
  securitySettingsRoutes,
  twoFactorAccountRoutes,
  twoFactorSignInRoutes,
} from './two-factor/routes.ts';
import { answerNotFound } from './http/error-handler.ts';
import { articleViewsRoutes, dashboardViewsRoutes } from './analytics/routes.ts';
import { registerOpenApi } from './http/openapi.ts';
import { useContractSchemas } from './http/route-schemas.ts';
import { webhookRoutes } from './webhooks/routes.ts';

/** `routes`, each naming the action `actions` gives its method unless it names its own. */
function withActions(
  routes: (scope: FastifyInstance) => Promise<void>,
  actions: Parameters<typeof actionsOfScope>[1],
) {
  return async (scope: FastifyInstance) => {
    actionsOfScope(scope, actions);
    await routes(scope);
  };
}

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
  // The reader site's reads are served from the public cache (docs/decisions/133).
  await app.register(async (cached) => {
    cacheRoutesOfScope(cached, app.publicCache);
    await cached.register(publicRoutes, { prefix: '/u' });
    await cached.register(searchRoutes, { prefix: '/u' });
    await cached.register(correctionPublicRoutes, { prefix: '/u' });
    await cached.register(livePublicRoutes, { prefix: '/u' });
  });
  // A live page's event stream: never kept by the cache (decision 115).
  await app.register(liveStreamRoutes, { prefix: '/u' });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(invitationAcceptRoutes, { prefix: '/auth' });
  await app.register(twoFactorSignInRoutes, { prefix: '/auth' });

  // Staff calls: each scope names what its routes do in the role table (decision 099).
  await app.register(async (admin) => {
    guardAdminScope(admin);
    const taxonomy = { read: 'content.read', write: 'taxonomy.write' } as const;
    await admin.register(withActions(categoryRoutes, taxonomy), { prefix: '/category' });
    await admin.register(withActions(subCategoryRoutes, taxonomy), { prefix: '/subCategory' });
    await admin.register(withActions(personRoutes(app.services.anchors), taxonomy), {
      prefix: '/anchor',
    });
    await admin.register(withActions(personRoutes(app.services.publishers), taxonomy), {
      prefix: '/publisher',
    });
    await admin.register(withActions(contactAdminRoutes, { read: 'contacts', write: 'contacts' }), {
      prefix: '/admin-contact',
    });
    await admin.register(withActions(dashboardRoutes, { read: 'dashboard', write: 'dashboard' }), {
      prefix: '/dashboard',
    });
    // Creating, editing and deleting an article are checked again on the article itself.
    await admin.register(newsRoutes, { prefix: '/news' });
    await admin.register(deskRoutes, { prefix: '/desk' });
    await admin.register(revisionRoutes, { prefix: '/news' });
    // Corrections and update notes, checked again on the article itself (decision 112).
    await admin.register(correctionRoutes, { prefix: '/news' });
    await admin.register(previewRoutes(app.services.previews), { prefix: '/news' });
    await admin.register(presenceRoutes, { prefix: '/news' });
    // Live pages' entries and coverage, checked again on the article itself (decision 115).
    await admin.register(liveRoutes, { prefix: '/news' });
    await admin.register(withActions(accountRoutes, { read: 'account', write: 'account' }), {
      prefix: '/auth',
    });
    await admin.register(withActions(profileRoutes, { read: 'account', write: 'account' }), {
      prefix: '/auth',
    });
    await admin.register(
      withActions(twoFactorAccountRoutes, { read: 'account', write: 'account' }),
      { prefix: '/auth/2fa' },
    );
    await admin.register(staffRoutes, { prefix: '/staff' });
    await admin.register(securitySettingsRoutes, { prefix: '/settings' });
    await admin.register(revisionSettingsRoutes, { prefix: '/settings' });
    await admin.register(auditRoutes(signedInActor), { prefix: '/audit' });
    // Views per day (decision 119): the site's on the dashboard, an article's in its editor.
    await admin.register(dashboardViewsRoutes, { prefix: '/dashboard' });
    await admin.register(articleViewsRoutes, { prefix: '/news' });
    await admin.register(webhookRoutes, { prefix: '/webhooks' });
  });
}
