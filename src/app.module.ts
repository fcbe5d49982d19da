import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { Clock, ClockModule } from './common/clock.js';
import { ProblemExceptionFilter } from './web/problem-exception.filter.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { createValidationPipe } from './common/validation/validation.pipe.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DataProvidersModule } from './data-providers/data-providers.module.js';
import { DiscoveryModule } from './discovery/discovery.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { PeriodicTasksModule } from './jobs/periodic-tasks.js';
import { OAuthModule } from './oauth/oauth.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { DocumentAnalysisModule } from './document-analysis/document-analysis.module.js';
import { BillingModule } from './billing/billing.module.js';
import { ComplianceModule } from './compliance/compliance.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { FilingsModule } from './filings/filings.module.js';
import { FirmsModule } from './firms/firms.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SharelinksModule } from './sharelinks/sharelinks.module.js';
import { WorkspacesModule } from './workspaces/workspaces.module.js';
import { WebModule } from './web/web.module.js';

/**
 * The service's modules. Infrastructure first (configuration, shared state, database), then the
 * domains: `discovery`, `health`, `accounts` and `oauth` today; `mcp`, `billing`, `providers` and the tool
 * domains (`workspaces`, `documents`, `pitch-deck`, `compliance`, `memos`, `analytics`) join here
 * as they land.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, additionalModules: Type[] = [], clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(clock),
        RedisModule,
        DatabaseModule,
        PeriodicTasksModule,
        JobsModule,
        RateLimitModule,
        WebModule,
        DiscoveryModule,
        HealthModule,
        AccountsModule,
        OAuthModule,
        McpModule,
        WorkspacesModule,
        DocumentsModule,
        BillingModule,
        FirmsModule,
        DataProvidersModule,
        DocumentAnalysisModule,
        ComplianceModule,
        FilingsModule,
        SharelinksModule,
        ...additionalModules,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ProblemExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
