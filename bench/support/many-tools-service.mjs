// The compiled service (dist/) plus BENCH_EXTRA_TOOLS generated tools (default 500), each with an
// input class of its own (three validated properties), so that bench/mcp.mjs can show that a
// tools/call costs the same whatever the number of registered tools (issue 11).
//
//   PORT=3001 DATABASE_URL=... ENCRYPTION_KEYS=... BENCH_EXTRA_TOOLS=500 node bench/support/many-tools-service.mjs
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { McpTool } from '../../dist/src/mcp/tools/mcp-tool.decorator.js';
import { serveWith } from './serve-with.mjs';

const count = Number(process.env.BENCH_EXTRA_TOOLS ?? 500);

class ExtraTools {}
for (let n = 0; n < count; n += 1) {
  class Input {}
  const decorate = (property, ...decorators) => decorators.forEach((decorator) => decorator(Input.prototype, property));
  decorate('subject', ApiProperty({ type: String, maxLength: 200 }), IsString(), MaxLength(200));
  decorate('limit', ApiPropertyOptional({ type: Number, minimum: 1 }), IsOptional(), IsInt(), Min(1));
  decorate('mode', ApiPropertyOptional({ enum: ['brief', 'full'] }), IsOptional(), IsIn(['brief', 'full']));
  ApiSchema({ name: `ExtraTool${n}Input` })(Input);
  const method = `extra${n}`;
  ExtraTools.prototype[method] = (input) => ({ echoed: input.subject });
  const descriptor = Object.getOwnPropertyDescriptor(ExtraTools.prototype, method);
  McpTool({ name: `bench_extra_${n}`, description: `Generated bench tool number ${n}.`, input: Input })(ExtraTools.prototype, method, descriptor);
}
Injectable()(ExtraTools);

class ExtraToolsModule {}
Module({ providers: [ExtraTools] })(ExtraToolsModule);

await serveWith([ExtraToolsModule], `service with ${count} extra tools`);
