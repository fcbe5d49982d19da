import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

@ApiSchema({ name: 'FetchSharelinkDocumentInput' })
export class FetchSharelinkDocumentInput {
  @ApiProperty({
    description:
      'The share link: a Papermark document link (with the sharelink provider configured), a direct link to a PDF, DOCX, XLSX, CSV or text file, or a public Google Drive, Dropbox or OneDrive share link.',
    example: 'https://www.papermark.com/view/clx1a2b3c4d5e6f7g8h9',
  })
  @IsString()
  @MaxLength(2048)
  @Matches(/^https?:\/\/\S+$/i, { message: 'must be an http(s) URL without spaces' })
  link: string;

  @ApiPropertyOptional({ description: 'Stores the document (and this result) in the workspace.' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'SharelinkPageEngagement' })
export class PageEngagement {
  @ApiProperty({ description: '1-based page (slide) number.' })
  page: number;

  @ApiProperty({ description: 'Time all viewers spent on the page, in seconds.' })
  dwellSeconds: number;

  @ApiProperty({ description: 'Views in which the page was seen.' })
  views: number;
}

@ApiSchema({ name: 'SharelinkEngagement' })
export class EngagementAnalyticsResult {
  @ApiProperty()
  views: number;

  @ApiProperty({ description: 'Distinct viewers (by e-mail where the link asked for one).' })
  uniqueViewers: number;

  @ApiProperty()
  totalDwellSeconds: number;

  @ApiProperty({ type: [PageEngagement] })
  perPage: PageEngagement[];

  @ApiProperty({ description: 'How many of the latest views the per-page figures cover (at most 50).' })
  viewsAnalysed: number;
}

@ApiSchema({ name: 'SharelinkDocument' })
export class SharelinkDocumentResult {
  @ApiProperty()
  documentId: string;

  @ApiProperty({ enum: ['READY'] })
  status: 'READY';

  @ApiProperty()
  pageCount: number;

  @ApiProperty({
    type: EngagementAnalyticsResult,
    nullable: true,
    description: "The share service's engagement analytics; null when the link was fetched directly (no provider analytics).",
  })
  analytics: EngagementAnalyticsResult | null;

  @ApiProperty({ enum: ['papermark', 'direct'], description: "How the file was obtained: the provider's API, or the link itself." })
  source: 'papermark' | 'direct';

  @ApiProperty()
  fileName: string;

  @ApiProperty({ description: 'Sniffed from the bytes.' })
  mimeType: string;

  @ApiProperty()
  sizeBytes: number;

  @ApiPropertyOptional()
  workspaceId?: string;
}
