import { Injectable, Module } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { USAGE_PLAN, type UsageKey } from '../../src/config/usage-plan.js';
import { Clock } from '../../src/common/clock.js';
import { InvalidInputException } from '../../src/common/errors/app.exception.js';
import { DOCUMENT_PAGES } from '../../src/documents/document-page.counter.js';
import { McpTool } from '../../src/mcp/tools/mcp-tool.decorator.js';

/** A clock the tests set: billing periods follow it. */
export class TestClock extends Clock {
  private current = new Date();
  now(): Date {
    return new Date(this.current);
  }
  set(at: string | Date): void {
    this.current = new Date(at);
  }
}

@ApiSchema({ name: 'TestMeteredInput' })
class TestMeteredInput {
  @ApiPropertyOptional() @IsOptional() @IsString() documentId?: string;
  @ApiPropertyOptional({ description: 'Fail after the metering reserved the units' }) @IsOptional() @IsBoolean() fail?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(5000) delayMs?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

@ApiSchema({ name: 'TestMeteredResult' })
class TestMeteredResult {
  @ApiProperty() servedAt: string;
  @ApiProperty() serial: number;
}

let serial = 0;

async function serve(input: TestMeteredInput): Promise<TestMeteredResult> {
  if (input.delayMs) await new Promise((resolve) => setTimeout(resolve, input.delayMs));
  if (input.fail) throw new InvalidInputException('The test tool failed on purpose.');
  return { servedAt: new Date().toISOString(), serial: ++serial };
}

/**
 * Keys a real tool meters now (a usage key meters one tool): the tests call that tool, with
 * arguments it accepts, instead of a test tool.
 */
const REAL_METERED_TOOLS: Partial<Record<UsageKey, { name: string; arguments: (documentId: string) => Record<string, unknown> }>> = {
  document_classification: { name: 'document_intelligence_agent', arguments: (documentId) => ({ documentId }) },
  financial_data_extraction: { name: 'data_extraction_agent', arguments: (documentId) => ({ documentId }) },
  quantitative_analysis: { name: 'quantitative_analysis_agent', arguments: (documentId) => ({ documentId }) },
  fraud_detection: { name: 'fraud_detection', arguments: (documentId) => ({ documentId }) },
  risk_discovery: { name: 'risk_discovery_agent', arguments: (documentId) => ({ documentId }) },
  entity_compliance: { name: 'entity_compliance_agent', arguments: () => ({ entityName: 'Metering Probe', entityType: 'person', checkType: 'sanctions' }) },
};

/** The tool metered under `usageKey`: the real one where it exists, else a test tool. */
export const meteredTestTool = (usageKey: UsageKey): string => REAL_METERED_TOOLS[usageKey]?.name ?? `test_metered_${usageKey}`;

/** Arguments the tool metered under `usageKey` accepts, for a call about `documentId` (test tools price pages of it, or ignore it). */
export const meteredTestArguments = (usageKey: UsageKey, documentId: string): Record<string, unknown> =>
  REAL_METERED_TOOLS[usageKey]?.arguments(documentId) ?? { documentId };

/**
 * One test-only tool per usage key of the price table that no real tool meters yet
 * (`test_metered_<key>`), so that metering is exercised before the real tools of later issues
 * exist: per call, or per page of `documentId` where the plan prices pages. Each may be told to
 * fail or to take time.
 */
@Injectable()
class MeteredTestTools {}

for (const usageKey of Object.keys(USAGE_PLAN) as UsageKey[]) {
  if (REAL_METERED_TOOLS[usageKey]) continue;
  const method = `meter_${usageKey}`;
  // A function of its own per tool: the decorator's metadata is stored on the function.
  Object.defineProperty(MeteredTestTools.prototype, method, { value: (input: TestMeteredInput) => serve(input), writable: true, configurable: true });
  const units = USAGE_PLAN[usageKey].unit === 'page' ? { counter: DOCUMENT_PAGES, argument: 'documentId' as const } : undefined;
  McpTool({
    name: `test_metered_${usageKey}`,
    description: `Test tool metered under ${usageKey}.`,
    input: TestMeteredInput,
    output: TestMeteredResult,
    metering: { usageKey, units },
  })(MeteredTestTools.prototype, method, Object.getOwnPropertyDescriptor(MeteredTestTools.prototype, method)!);
}

@Module({ providers: [MeteredTestTools] })
export class MeteredTestToolsModule {}
