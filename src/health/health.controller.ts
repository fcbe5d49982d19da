import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, type ApiResponseSchemaHost } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator, type HealthCheckResult, type HealthIndicatorFunction } from '@nestjs/terminus';
import { ServiceUnavailableException } from '../common/errors/app.exception.js';
import { ApiProblemResponses } from '../common/http/api-responses.decorator.js';
import { RedisHealthIndicator } from './redis.health.js';

const HEALTH_SCHEMA: ApiResponseSchemaHost['schema'] = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok'] }, checks: { type: 'object', additionalProperties: { type: 'string', enum: ['up'] } } },
  required: ['status'],
};

/** Liveness and readiness for orchestrators; not rate limited, so that probes never see 429. */
@ApiTags('Operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'The process is up' })
  @ApiOkResponse({ schema: HEALTH_SCHEMA })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'PostgreSQL (and Redis, when configured) answer' })
  @ApiOkResponse({ schema: HEALTH_SCHEMA })
  @ApiProblemResponses(503)
  async ready(): Promise<{ status: 'ok'; checks: Record<string, 'up'> }> {
    const checks: HealthIndicatorFunction[] = [this.database.pingCheck('database').withTimeout(2000)];
    if (this.redis.configured) checks.push(() => this.redis.ping('redis'));
    let result: HealthCheckResult;
    try {
      result = await this.health.check(checks);
    } catch (failure) {
      const details: HealthCheckResult['details'] = (failure as { response?: HealthCheckResult }).response?.details ?? {};
      const down = Object.entries(details)
        .filter(([, detail]) => detail.status !== 'up')
        .map(([name]) => name);
      throw new ServiceUnavailableException(`Not ready: ${down.join(', ') || 'a dependency'} down.`);
    }
    return { status: 'ok', checks: Object.fromEntries(Object.keys(result.details).map((name) => [name, 'up' as const])) };
  }
}
