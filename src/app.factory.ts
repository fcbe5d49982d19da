import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import type { Clock } from './common/clock.js';
import { configureHttpPipeline, fastifyServerOptions } from './common/http/http-pipeline.js';
import { createRootLogger, NestPinoLogger, type RootLogger } from './common/logging/logger.js';
import type { AppConfig } from './config/app-config.js';
import { buildOpenApiDocument, OpenApiDocument } from './discovery/openapi-document.js';
import { installStripeWebhook } from './billing/payments/stripe-webhook.routes.js';
import { installDocumentUploadRoutes } from './documents/document-upload.routes.js';
import { createMcpOriginPolicy, installMcpAuthentication, MCP_PATH } from './mcp/mcp-authentication.hook.js';
import { ToolRegistry } from './mcp/tools/tool-registry.service.js';

export interface CreateAppOptions {
  /** Extra modules, e.g. test-only routes. */
  additionalModules?: Type[];
  logger?: RootLogger;
  /** The clock every module reads (tests move it across month boundaries). */
  clock?: Clock;
}

/**
 * Builds the whole service, ready to listen. main.ts and the end-to-end tests both start the
 * service through here, so the tests exercise exactly what production runs.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  if (!config.databaseUrl) throw new Error('createApp needs a database URL (main.ts starts the embedded PostgreSQL when DATABASE_URL is unset).');
  const logger = options.logger ?? createRootLogger(config.logLevel);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options.additionalModules, options.clock),
    new FastifyAdapter(fastifyServerOptions(config, logger)),
    { logger: new NestPinoLogger(logger), abortOnError: false },
  );
  try {
    const mcpOrigins = createMcpOriginPolicy(config);
    await configureHttpPipeline(app, { corsOriginAllowed: (path, origin) => path !== MCP_PATH || mcpOrigins.originAllowed(origin) });
    installMcpAuthentication(app);
    await installDocumentUploadRoutes(app);
    await installStripeWebhook(app);

    const document = await buildOpenApiDocument(app);
    app.get(OpenApiDocument).publish(document);
    // tools/list takes each tool's schemas from the components generated from the same classes.
    app.get(ToolRegistry).publishSchemas(document.components?.schemas ?? {});
    SwaggerModule.setup('docs', app, document, {
      raw: false,
      customSiteTitle: 'Underwriting Agent Service API',
      swaggerOptions: { url: '/openapi.json' },
    });

    await app.init();
    return app;
  } catch (error) {
    // Release the pools the modules already opened, so a failed start leaves nothing running.
    await app.close().catch(() => undefined);
    throw error;
  }
}
