import { Injectable } from '@nestjs/common';
import { McpTool } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { EntityComplianceInput, EntityComplianceResult } from './dto/entity-compliance.dto.js';
import { EntityComplianceService } from './entity-compliance.service.js';

@Injectable()
export class ComplianceTools {
  constructor(private readonly compliance: EntityComplianceService) {}

  @McpTool({
    name: 'entity_compliance_agent',
    title: 'Screen a person or company (sanctions, PEP, adverse media)',
    description:
      'Screens a person or company with your compliance provider (compliance_a or compliance_b, configured with configure_data_provider), or, without one, against the sanctions lists this service loaded (OFAC), which covers sanctions only. ' +
      'Returns status CLEAR, REVIEW (a possible match) or MATCH, riskScore and riskLevel, the matches with their scores and the features behind each score, sanctions lists, PEP positions, adverse-media articles, and coverage saying what was checked. ' +
      'Give dateOfBirth and country when known: they raise or lower scores. $0.60 per check; a failed check is not charged.',
    input: EntityComplianceInput,
    output: EntityComplianceResult,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    metering: { usageKey: 'entity_compliance' },
    workspace: { argument: 'workspaceId' },
  })
  screen(input: EntityComplianceInput, context: ToolContext): Promise<EntityComplianceResult> {
    return this.compliance.screen(context.accountId, input);
  }
}
