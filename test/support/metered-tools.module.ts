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

/** Keys a real tool meters now: a usage key meters one tool, so the tests meter them through it. */
const REAL_TOOLS: Partial<Record<UsageKey, string>> = {
  document_classification: 'document_intelligence_agent',
  financial_data_extraction: 'data_extraction_agent',
  quantitative_analysis: 'quantitative_analysis_agent',
  fraud_detection: 'fraud_detection',
  risk_discovery: 'risk_discovery_agent',
};

/** The tool metered under `usageKey`: the real one where it exists (call it with a `documentId`), else a test tool. */
export const meteredTestTool = (usageKey: UsageKey): string => REAL_TOOLS[usageKey] ?? `test_metered_${usageKey}`;

/**
 * One test-only tool per usage key of the price table that no real tool meters yet
 * (`test_metered_<key>`), so that metering is exercised before the real tools of later issues
 * exist: per call, or per page of `documentId` where the plan prices pages. Each may be told to
 * fail or to take time.
 */
@Injectable()
class MeteredTestTools {}

for (const usageKey of Object.keys(USAGE_PLAN) as UsageKey[]) {
  if (REAL_TOOLS[usageKey]) continue;
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
