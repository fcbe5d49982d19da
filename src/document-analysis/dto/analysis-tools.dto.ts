import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

const DOCUMENT_ID = 'The document, from submit_documents (or the upload form); it is analysed once processing has read every page.';
const WORKSPACE_ID = 'Stores the result in this deal workspace (get_deal_workspace shows it under the tool name).';

/** One document (document_intelligence_agent, fraud_detection). */
@ApiSchema({ name: 'DocumentAnalysisInput' })
export class DocumentAnalysisInput {
  @ApiProperty({ description: DOCUMENT_ID })
  @IsString()
  @MaxLength(100)
  documentId: string;

  @ApiPropertyOptional({ description: WORKSPACE_ID })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'DataExtractionInput' })
export class DataExtractionInput extends DocumentAnalysisInput {
  @ApiPropertyOptional({
    description: 'A custom extraction blueprint (fields to extract). None exist yet: any id answers NOT_FOUND; without one, the financial facts are extracted.',
  })
  @Optional()
  @IsString()
  @MaxLength(200)
  blueprintId?: string;
}

/** One document, or every document of a workspace (quantitative_analysis_agent, risk_discovery_agent). */
@ApiSchema({ name: 'DocumentOrWorkspaceAnalysisInput' })
export class DocumentOrWorkspaceAnalysisInput {
  @ApiPropertyOptional({ description: 'One document to analyse. Without it, the whole workspace is.' })
  @Optional()
  @IsString()
  @MaxLength(100)
  documentId?: string;

  @ApiPropertyOptional({
    description:
      'Without documentId: every document filed in the workspace (newest first when two disagree) and the facts stored there from filings. The result is stored in it.',
  })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}
