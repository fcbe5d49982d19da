// The service of bench/metering.mjs: the compiled service (dist/) plus two bench tools with the
// same body, `bench_metered` (usage key pitch_deck_precheck) and `bench_unmetered`, so that the
// bench measures what metering adds to a tool call.
//
//   PORT=3001 DATABASE_URL=... ENCRYPTION_KEYS=... node bench/support/metered-service.mjs
import 'reflect-metadata';
import { serveWith } from './serve-with.mjs';
import { Injectable, Module } from '@nestjs/common';
import { ApiSchema } from '@nestjs/swagger';
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
for (const [method, usage] of [
  ['metered', 'pitch_deck_precheck'],
  ['unmetered', undefined],
]) {
  const descriptor = Object.getOwnPropertyDescriptor(BenchTools.prototype, method);
  McpTool({ name: `bench_${method}`, description: `Bench tool (${method}).`, input: BenchInput, ...(usage && { metering: { usageKey: usage } }) })(
    BenchTools.prototype,
    method,
    descriptor,
  );
}
Injectable()(BenchTools);

class BenchToolsModule {}
Module({ providers: [BenchTools] })(BenchToolsModule);

await serveWith([BenchToolsModule], 'metered service');
