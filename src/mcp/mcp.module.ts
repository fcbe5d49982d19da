import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TokensModule } from '../oauth/tokens/tokens.module.js';
import { McpController } from './mcp.controller.js';
import { McpServerService } from './mcp-server.service.js';
import { IdempotencyInterceptor } from './tools/idempotency.interceptor.js';
import { IdempotentCallsRepository } from './tools/idempotent-calls.repository.js';
import { ToolRegistry } from './tools/tool-registry.service.js';

/**
 * The MCP endpoint and the tool framework. Tools live in their domain modules (@McpTool on a
 * provider method) and are found at start-up; this module never imports them.
 */
@Module({
  imports: [DiscoveryModule, TokensModule],
  controllers: [McpController],
  providers: [ToolRegistry, McpServerService, IdempotencyInterceptor, IdempotentCallsRepository],
  exports: [ToolRegistry],
})
export class McpModule {}
