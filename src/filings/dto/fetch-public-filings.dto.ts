import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

@ApiSchema({ name: 'FetchPublicFilingsInput' })
export class FetchPublicFilingsInput {
  @ApiPropertyOptional({
    description: 'The company name as the SEC lists it ("Apple", "Microsoft Corp"); ambiguous names are answered with the candidates.',
    example: 'Apple Inc.',
  })
  @Optional()
  @IsString()
  @MaxLength(200)
  // Without Unicode property escapes, so that the published JSON Schema pattern means the same in every regex dialect.
  @Matches(/[0-9A-Za-z\u00C0-\u024F]/, { message: 'must contain letters or digits' })
  companyName?: string;

  @ApiPropertyOptional({ description: 'The exchange ticker; share classes may be written BRK.B or BRK-B.', example: 'AAPL' })
  @Optional()
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9.\-/]{0,9}$/, { message: 'must be a ticker of 1 to 10 letters, digits, dots or hyphens, for example AAPL or BRK.B' })
  ticker?: string;

  @ApiPropertyOptional({ description: "The SEC's Central Index Key, with or without leading zeros.", example: '0000320193' })
  @Optional()
  @IsString()
  @Matches(/^\d{1,10}$/, { message: 'must be the SEC Central Index Key: 1 to 10 digits, for example 320193 or 0000320193' })
  cik?: string;

  @ApiPropertyOptional({
    description: 'Stores the result in the workspace (task type fetch_public_filings), where quantitative_analysis_agent finds the facts.',
  })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'PublicCompany' })
export class PublicCompanyResult {
  @ApiProperty({ example: 'Apple Inc.' })
  name: string;

  @ApiProperty({ description: 'Ten digits, zero-padded.', example: '0000320193' })
  cik: string;

  @ApiProperty({ type: [String], example: ['AAPL'] })
  tickers: string[];

  @ApiProperty({ type: [String], example: ['Nasdaq'] })
  exchanges: string[];

  @ApiProperty({ type: String, nullable: true, description: 'Standard Industrial Classification code.', example: '3571' })
  sic: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Electronic Computers' })
  industry: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'MMDD.', example: '0928' })
  fiscalYearEnd: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'CA' })
  stateOfIncorporation: string | null;
}

@ApiSchema({ name: 'PublicFiling' })
export class PublicFilingResult {
  @ApiProperty({ example: '10-K' })
  form: string;

  @ApiProperty({ format: 'date', example: '2024-11-01' })
  filedAt: string;

  @ApiProperty({ example: '0000320193-24-000123' })
  accessionNumber: string;

  @ApiProperty({ format: 'uri', description: "The filing's primary document on sec.gov." })
  url: string;

  @ApiProperty({ type: String, nullable: true, format: 'date', description: 'The period reported on (none for most 8-Ks).' })
  periodOfReport: string | null;

  @ApiProperty({ type: String, nullable: true })
  description: string | null;
}

@ApiSchema({ name: 'FilingFactPeriod' })
export class FilingFactPeriod {
  @ApiProperty({ example: 'FY ended 2024-09-28' })
  label: string;

  @ApiPropertyOptional({ format: 'date', description: 'Durations only (income and cash flow statements).' })
  start?: string;

  @ApiProperty({ format: 'date' })
  end: string;

  @ApiPropertyOptional({ description: '12 (fiscal year) or 3 (quarter); absent for balance-sheet instants.', enum: [3, 12] })
  months?: number;
}

@ApiSchema({ name: 'FilingFactEvidence' })
export class FilingFactEvidence {
  @ApiProperty({ enum: ['edgar'] })
  source: 'edgar';

  @ApiProperty({ format: 'uri', description: 'The index page of the filing that stated the value.' })
  url: string;

  @ApiProperty()
  accessionNumber: string;

  @ApiProperty({ example: '10-K' })
  form: string;

  @ApiProperty({ format: 'date' })
  filedAt: string;

  @ApiProperty({ description: 'The us-gaap element the value was tagged with.', example: 'RevenueFromContractWithCustomerExcludingAssessedTax' })
  element: string;
}

@ApiSchema({ name: 'FilingFact' })
export class FilingFact {
  @ApiProperty({ description: 'A concept of DOMAIN.md 2 (US-GAAP names), the same vocabulary as data_extraction_agent.', example: 'Revenues' })
  concept: string;

  @ApiProperty({ description: "The element's label in the filing.", example: 'Revenue from Contract with Customer, Excluding Assessed Tax' })
  label: string;

  @ApiProperty({ type: FilingFactPeriod })
  period: FilingFactPeriod;

  @ApiProperty({ description: 'In units of currency; costs positive, results signed (XBRL convention).', example: 391035000000 })
  value: number;

  @ApiProperty({ example: 'USD' })
  currency: string;

  @ApiProperty({ enum: ['edgar'] })
  source: 'edgar';

  @ApiProperty({ type: FilingFactEvidence })
  evidence: FilingFactEvidence;
}

@ApiSchema({ name: 'PublicFilings' })
export class PublicFilingsResult {
  @ApiProperty({ type: PublicCompanyResult })
  company: PublicCompanyResult;

  @ApiProperty({
    type: [PublicFilingResult],
    description: 'The latest 10-K, 10-Q, 8-K, S-1, F-1, 20-F, 40-F and 6-K filings (amendments included), newest first; at most 40.',
  })
  filings: PublicFilingResult[];

  @ApiProperty({ type: [FilingFact], description: 'XBRL company facts: the latest 5 fiscal years and 8 quarters, and the balance sheets at their ends.' })
  facts: FilingFact[];

  @ApiProperty({ format: 'date-time' })
  fetchedAt: string;

  @ApiProperty({ type: [String], description: 'What the result lacks and why (no XBRL facts filed, ...).' })
  notes: string[];
}
