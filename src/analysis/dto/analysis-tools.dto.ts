import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

const DOCUMENT_ID = 'The document, from submit_documents (or the upload form); it is analysed once processing has read every page.';
const WORKSPACE_ID = 'Stores the result in this deal workspace (get_deal_workspace shows it under the tool name).';

@ApiSchema({ name: 'DocumentIntelligenceInput' })
export class DocumentIntelligenceInput {
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
export class DataExtractionInput {
  @ApiProperty({ description: DOCUMENT_ID })
  @IsString()
  @MaxLength(100)
  documentId: string;

  @ApiPropertyOptional({
    description: 'A custom extraction blueprint (fields to extract). None exist yet: any id answers NOT_FOUND; without one, the financial facts are extracted.',
  })
  @Optional()
  @IsString()
  @MaxLength(200)
  blueprintId?: string;

  @ApiPropertyOptional({ description: WORKSPACE_ID })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'QuantitativeAnalysisInput' })
export class QuantitativeAnalysisInput {
  @ApiPropertyOptional({ description: 'One document whose facts are analysed. Without it, every fact of the workspace is.' })
  @Optional()
  @IsString()
  @MaxLength(100)
  documentId?: string;

  @ApiPropertyOptional({
    description:
      "Without documentId: the metrics over every fact in the workspace (its documents' statements, newest document first on a disagreement, and facts stored there from filings). The result is stored in it.",
  })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'FraudDetectionInput' })
export class FraudDetectionInput {
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

@ApiSchema({ name: 'RiskDiscoveryAgentInput' })
export class RiskDiscoveryAgentInput {
  @ApiPropertyOptional({ description: 'One document whose risks are looked for (with workspaceId, read together with the rest of the workspace).' })
  @Optional()
  @IsString()
  @MaxLength(100)
  documentId?: string;

  @ApiPropertyOptional({
    description:
      "Without documentId: every document of the workspace, with their facts and claims (a deck's figures against the statements). The result is stored in it.",
  })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}
