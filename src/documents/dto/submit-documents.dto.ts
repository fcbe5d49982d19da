import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { IsBase64Content } from '../../common/validation/base64.js';
import { Optional } from '../../common/validation/optional.js';

@ApiSchema({ name: 'SubmitDocumentsInput' })
export class SubmitDocumentsInput {
  @ApiPropertyOptional({ description: 'Stores the document (and this result) in the workspace.' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;

  @ApiPropertyOptional({ description: 'What the document is, for example pitch-deck, financial-statement, application.', example: 'pitch-deck' })
  @Optional()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'documentType must be lower-case words joined by hyphens, for example pitch-deck' })
  documentType?: string;

  @ApiPropertyOptional({
    description:
      'The file, base64-encoded: the document is READY at once. Omit it to get an uploadUrl instead (PENDING_UPLOAD), for files larger than a request body allows.',
    format: 'byte',
  })
  @Optional()
  @IsBase64Content()
  content?: string;

  @ApiPropertyOptional({ description: 'The file name (required with content).', example: 'acme-deck.pdf' })
  @Optional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  fileName?: string;

  @ApiPropertyOptional({
    description: 'The declared type; the service sniffs the real one from the bytes. PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG and JPEG are accepted.',
    example: 'application/pdf',
  })
  @Optional()
  @IsString()
  @MaxLength(127)
  mimeType?: string;
}

@ApiSchema({ name: 'SubmittedDocument' })
export class DocumentResult {
  @ApiProperty()
  documentId: string;

  @ApiProperty()
  status: 'PENDING_UPLOAD' | 'READY';

  @ApiPropertyOptional()
  workspaceId?: string;

  @ApiPropertyOptional()
  documentType?: string;

  @ApiPropertyOptional()
  fileName?: string;

  @ApiPropertyOptional({ description: 'Sniffed from the bytes.' })
  mimeType?: string;

  @ApiPropertyOptional()
  sizeBytes?: number;

  @ApiPropertyOptional({ description: 'Hex SHA-256 of the bytes.' })
  sha256?: string;

  @ApiPropertyOptional({ description: 'Counted from the file when it is read (a DOCX or plain text: one page per 3,000 characters).' })
  pageCount?: number;

  @ApiPropertyOptional({
    description:
      'Present only while the file is still being read when the call answers (a large or slow file): `queued` or `processing`. Its type and page count follow; the analysis tools wait for it, or say why it could not be read.',
    enum: ['queued', 'processing'],
  })
  processingStatus?: string;

  @ApiPropertyOptional({
    description: 'PENDING_UPLOAD only: PUT the bytes here, or POST them as multipart/form-data (field "file"). Single use.',
    format: 'uri',
  })
  uploadUrl?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  uploadExpiresAt?: string;
}
