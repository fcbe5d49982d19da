import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../src/common/validation/optional.js';
import { DOCUMENT_PAGES } from '../../src/documents/document-page.counter.js';
import { McpTool, ToolAnnotationPresets } from '../../src/mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../../src/mcp/tools/tool-call.js';

/*
 * What adding a metered per-page tool takes: an input class and one decorated method. Validation,
 * tools/list and OpenAPI schemas, the workspace ownership check, per-page metering (after that
 * check), storing the output in the workspace, idempotency and error mapping all follow from the
 * declaration.
 */

export const PER_PAGE_TEST_TOOL = 'test_page_review';

@ApiSchema({ name: 'TestPageReviewInput' })
export class TestPageReviewInput {
  @ApiProperty({ description: 'From submit_documents.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  documentId: string;

  @ApiPropertyOptional({ description: 'Stores the result in this workspace.' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'TestPageReviewResult' })
export class TestPageReviewResult {
  @ApiProperty() documentId: string;
  @ApiProperty() reviewedBy: string;
}

@Injectable()
export class PerPageTestTool {
  @McpTool({
    name: PER_PAGE_TEST_TOOL,
    description: 'Test-only tool priced per page of documentId.',
    input: TestPageReviewInput,
    output: TestPageReviewResult,
    annotations: ToolAnnotationPresets.analyses,
    metering: { usageKey: 'risk_discovery', units: { counter: DOCUMENT_PAGES, argument: 'documentId' } },
    workspace: { argument: 'workspaceId', storeOutputAs: 'page_review' },
  })
  async review(input: TestPageReviewInput, context: ToolContext): Promise<TestPageReviewResult> {
    return { documentId: input.documentId, reviewedBy: context.clientId };
  }
}
