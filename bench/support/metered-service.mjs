// The service of bench/metering.mjs: the compiled service (dist/) plus two bench tools with the
// same body, `bench_metered` (usage key pitch_deck_precheck) and `bench_unmetered`, so that the
// bench measures what metering adds to a tool call.
//
//   PORT=3001 DATABASE_URL=... ENCRYPTION_KEYS=... node bench/support/metered-service.mjs
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { ApiSchema } from '@nestjs/swagger';
import { createApp } from '../../dist/src/app.factory.js';
import { loadConfiguration } from '../../dist/src/config/app-config.js';
import { McpTool } from '../../dist/src/mcp/tools/mcp-tool.decorator.js';

class BenchInput {}
ApiSchema({ name: 'BenchInput' })(BenchInput);

class BenchTools {
  metered() {
    return { ok: true };
  }
  unmetered() {
    return { ok: true };
  }
}
for (const [method, usage] of [['metered', 'pitch_deck_precheck'], ['unmetered', undefined]]) {
  const descriptor = Object.getOwnPropertyDescriptor(BenchTools.prototype, method);
  McpTool({ name: `bench_${method}`, description: `Bench tool (${method}).`, input: BenchInput, ...(usage && { usage }) })(BenchTools.prototype, method, descriptor);
}
Injectable()(BenchTools);

class BenchToolsModule {}
Module({ providers: [BenchTools] })(BenchToolsModule);

const config = loadConfiguration(process.env);
const app = await createApp(config, { additionalModules: [BenchToolsModule] });
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`metered service listening on ${await app.getUrl()}\n`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
