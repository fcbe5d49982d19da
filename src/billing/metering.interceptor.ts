import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { ToolCallInterceptorProvider } from '../mcp/tools/mcp-tool.decorator.js';
import { ToolCallStage, type ToolCall, type ToolCallInterceptor } from '../mcp/tools/tool-call.js';
import { ToolRegistry } from '../mcp/tools/tool-registry.service.js';
import { MeteringService } from './metering.service.js';
import type { UsageKey, UsagePlan } from '../config/usage-plan.js';

/**
 * Meters every tool declared with `metering`: reserves the call's units (one per call, or what the
 * tool's unit counter counts) before the tool runs, commits them when it succeeds and releases
 * them when it fails. Runs after the access checks (ToolCallStage), so a call naming another
 * account's workspace or document reserves nothing. Tools never call billing themselves.
 */
@Injectable()
@ToolCallInterceptorProvider({ stage: ToolCallStage.metering })
export class MeteringInterceptor implements ToolCallInterceptor, OnApplicationBootstrap {
  constructor(
    private readonly metering: MeteringService,
    private readonly tools: ToolRegistry,
    private readonly config: AppConfig,
  ) {}

  /** The tools' declarations are the one link between a tool and its price: a mismatch stops the start. */
  onApplicationBootstrap(): void {
    const problems = meteringProblems(this.config.usagePlan, this.tools.declarations());
    if (problems.length > 0) throw new Error(`Metered tools do not match the usage plan:\n- ${problems.join('\n- ')}`);
  }

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    const metering = call.tool.metering;
    if (!metering) return next();
    const units = await call.meteredUnits();
    const reservation = await this.metering.reserve({
      accountId: call.context.accountId,
      usageKey: metering.usageKey as UsageKey,
      units,
      toolName: call.tool.name,
    });
    let output: unknown;
    try {
      output = await next();
    } catch (error) {
      await this.metering.release(reservation);
      throw error;
    }
    await this.metering.commit(reservation);
    return output;
  }
}

/**
 * Every metered tool names a usage key of the plan, in the plan's unit (a per-page key needs a
 * page counter), and no two tools share a key: one price, one tool.
 */
export function meteringProblems(plan: UsagePlan, tools: ReturnType<ToolRegistry['declarations']>): string[] {
  const problems: string[] = [];
  const toolOfKey = new Map<string, string>();
  for (const { options, meteringUnit } of tools) {
    if (!options.metering) continue;
    const { usageKey } = options.metering;
    const entry = plan[usageKey as UsageKey] as UsagePlan[UsageKey] | undefined;
    if (!entry) {
      problems.push(`${options.name}: usage key ${usageKey} is not in the usage plan (${Object.keys(plan).join(', ')})`);
      continue;
    }
    if (entry.unit !== meteringUnit)
      problems.push(`${options.name}: ${usageKey} is priced per ${entry.unit}, but the tool is metered per ${meteringUnit ?? 'unknown unit'}`);
    const other = toolOfKey.get(usageKey);
    if (other) problems.push(`${options.name}: ${usageKey} already meters ${other}; a usage key meters one tool`);
    toolOfKey.set(usageKey, options.name);
  }
  return problems;
}
