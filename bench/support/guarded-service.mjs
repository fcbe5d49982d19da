// The service of bench/token.mjs: the compiled service (dist/, production configuration from the
// environment) plus one route, GET /bench/noop, behind the real bearer guard and doing nothing
// else, so that the bench measures what bearer authentication adds to a request.
//
//   PORT=3001 DATABASE_URL=... ENCRYPTION_KEYS=... node bench/support/guarded-service.mjs
import 'reflect-metadata';
import { serveWith } from './serve-with.mjs';
import { Controller, Get, Module } from '@nestjs/common';
import { RequireBearer } from '../../dist/src/oauth/tokens/bearer-auth.guard.js';
import { TokensModule } from '../../dist/src/oauth/tokens/tokens.module.js';

class NoopController {
  noop() {
    return { ok: true };
  }
}
const noop = Object.getOwnPropertyDescriptor(NoopController.prototype, 'noop');
Get('noop')(NoopController.prototype, 'noop', noop);
RequireBearer()(NoopController.prototype, 'noop', noop);
Controller('bench')(NoopController);

class GuardedNoopModule {}
Module({ imports: [TokensModule], controllers: [NoopController] })(GuardedNoopModule);

await serveWith([GuardedNoopModule], 'guarded service');
