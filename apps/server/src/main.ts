import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { loggerOptions } from './logger.ts';
import { pageRenders } from './pages/pages.ts';
import { startBanner } from './start-banner.ts';

async function main() {
  // The server renderer loads React lazily; unless told otherwise it must run React's production
  // build (the development build is several times slower and meant for tooling).
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const app = await buildApp(config, {
    logger: loggerOptions(config.logLevel, process.stdout.isTTY === true),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // `kill -USR2` asks what the public cache did since start, and the pages rendered: one line on
  // stdout (docs/operations.md).
  process.on('SIGUSR2', () => {
    const figures = {
      hitServer: app.hitServer.served,
      ...app.publicCache.counts,
      renders: pageRenders.count,
    };
    process.stdout.write(`public-cache ${JSON.stringify(figures)}\n`);
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    startBanner({
      publicUrl: config.publicUrl,
      demoAdmin: app.demoAdmin,
      signupCode: app.secrets.signupCodeGenerated
        ? { code: app.secrets.adminSignupCode, file: `${config.dataDir}/admin-signup-code` }
        : null,
    }),
  );
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError ? error.message : `Cannot start: ${(error as Error).message}`;
  process.stderr.write(message + '\n');
  process.exit(1);
});
