// Starts the compiled service (dist/, configuration from the environment) with extra modules, and
// stops it on SIGTERM/SIGINT: what the bench-only service entries share.
import 'reflect-metadata';
import { createApp } from '../../dist/src/app.factory.js';
import { loadConfiguration } from '../../dist/src/config/app-config.js';

export async function serveWith(additionalModules, label) {
  const config = loadConfiguration(process.env);
  const app = await createApp(config, { additionalModules });
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`${label} listening on ${await app.getUrl()}\n`);
  const stop = () =>
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
