import { Injectable } from '@nestjs/common';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { McpTool, ToolAnnotationPresets } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { FirmResult, LinkToFirmInput } from './dto/link-to-firm.dto.js';
import { FirmsService } from './firms.service.js';

@Injectable()
export class FirmTools {
  constructor(private readonly firms: FirmsService) {}

  @McpTool({
    name: 'link_to_firm',
    title: 'Link to a firm',
    description:
      'Exactly one of: firmName (create a firm and get its inviteCode), inviteCode (join that firm), leave: true (leave the current firm). ' +
      "Members share the people's monthly free tier, one payment mandate and their deal workspaces.",
    input: LinkToFirmInput,
    output: FirmResult,
    annotations: ToolAnnotationPresets.createsOwnData,
  })
  link(input: LinkToFirmInput, context: ToolContext): Promise<FirmResult> {
    const chosen = [input.firmName !== undefined, input.inviteCode !== undefined, input.leave === true].filter(Boolean).length;
    if (chosen !== 1) throw new InvalidInputException('Give exactly one of firmName, inviteCode or leave: true.');
    if (input.firmName !== undefined) return this.firms.create(context.accountId, input.firmName);
    if (input.inviteCode !== undefined) return this.firms.join(context.accountId, input.inviteCode);
    return this.firms.leave(context.accountId);
  }
}
