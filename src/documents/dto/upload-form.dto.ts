import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

@ApiSchema({ name: 'DisplayUploadDocumentsFormInput' })
export class DisplayUploadDocumentsFormInput {
  @ApiPropertyOptional({ description: 'Files uploaded through the page go into this workspace.' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;

  @ApiPropertyOptional({ description: 'The documentType given to every file uploaded through the page, for example financial-statement.' })
  @Optional()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'documentType must be lower-case words joined by hyphens, for example pitch-deck' })
  documentType?: string;
}

@ApiSchema({ name: 'UploadFormLink' })
export class UploadFormLink {
  @ApiProperty({ description: 'The hosted upload page: give it to the person (short-lived; anyone with it can upload to this account).', format: 'uri' })
  formUrl: string;

  @ApiProperty({ description: 'Where the page posts each file (multipart/form-data, field "file").', format: 'uri' })
  uploadEndpoint: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;

  @ApiPropertyOptional()
  workspaceId?: string;

  @ApiPropertyOptional()
  documentType?: string;
}
