import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { McpTool } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { ConfigureDataProviderInput, ConfiguredDataProviderResult } from './dto/configure-data-provider.dto.js';
import { ProviderKeyChecks } from './provider-key-checks.service.js';
import { ProviderKeysService } from './provider-keys.service.js';

@Injectable()
export class DataProviderTools {
  constructor(
    private readonly keys: ProviderKeysService,
    private readonly checks: ProviderKeyChecks,
    private readonly clock: Clock,
  ) {}

  @McpTool({
    name: 'configure_data_provider',
    title: 'Configure a data provider key',
    description:
      "Stores your own API key for a provider, encrypted (AES-256-GCM), for your later calls of that provider's tools: " +
      'compliance_a and compliance_b (entity_compliance_agent), company_data (fetch_company_intelligence), crm (fetch_crm_context), ' +
      'portfolio_data (fetch_portfolio_metrics), sharelink (fetch_sharelink_document). Calling again replaces the key; apiKey "" removes it. ' +
      "Where the provider offers a cheap authenticated call the key is checked first, and a key it rejects is not stored. Firm members without a key of their own use the firm owner's key.",
    input: ConfigureDataProviderInput,
    output: ConfiguredDataProviderResult,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  })
  async configure({ provider, apiKey }: ConfigureDataProviderInput, context: ToolContext): Promise<ConfiguredDataProviderResult> {
    if (apiKey === '') return this.keys.remove(context.accountId, provider, this.clock.now());
    const verified = await this.checks.verify(provider, apiKey);
    return this.keys.store(context.accountId, provider, apiKey, verified);
  }
}
