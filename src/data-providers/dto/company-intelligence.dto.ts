import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';
import { COMPANY_NAME_FORMAT, COMPANY_NAME_MESSAGE } from './data-provider-inputs.js';

@ApiSchema({ name: 'FetchCompanyIntelligenceInput' })
export class FetchCompanyIntelligenceInput {
  @ApiPropertyOptional({
    description: "The company's website domain (`acme.com`; a leading `https://` or `www.` is ignored). Give this, companyName, or both.",
    example: 'peopledatalabs.com',
  })
  @Optional()
  @IsString()
  @MaxLength(253)
  @Matches(/^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\/?$/i, { message: 'must be a domain such as acme.com' })
  domain?: string;

  @ApiPropertyOptional({ description: "The company's name. Give this, domain, or both (both match more precisely).", example: 'People Data Labs' })
  @Optional()
  @IsString()
  @Matches(COMPANY_NAME_FORMAT, { message: COMPANY_NAME_MESSAGE })
  companyName?: string;

  @ApiPropertyOptional({ description: 'A deal workspace of yours: the result is also stored there (task type fetch_company_intelligence).' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'CompanyHeadcount' })
export class CompanyHeadcount {
  @ApiProperty({ type: Number, nullable: true, description: 'Employees the provider counted.' })
  count: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'Size band, e.g. "51-200".' })
  range: string | null;
}

@ApiSchema({ name: 'CompanyLocation' })
export class CompanyLocation {
  @ApiProperty({ type: String, nullable: true, description: 'Headquarters as one line.' })
  name: string | null;

  @ApiProperty({ type: String, nullable: true })
  locality: string | null;

  @ApiProperty({ type: String, nullable: true })
  region: string | null;

  @ApiProperty({ type: String, nullable: true })
  country: string | null;
}

@ApiSchema({ name: 'CompanyFunding' })
export class CompanyFunding {
  @ApiProperty({ type: Number, nullable: true, description: 'Total raised across all rounds, in US dollars.' })
  totalRaisedUsd: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'The latest round as the provider names it, e.g. "series_b".' })
  latestStage: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Date of the latest round (YYYY-MM-DD).' })
  lastRoundDate: string | null;

  @ApiProperty({ type: Number, nullable: true })
  rounds: number | null;
}

@ApiSchema({ name: 'CompanyProfile' })
export class CompanyProfile {
  @ApiProperty({ type: String, nullable: true, description: "The provider's id of the company record." })
  providerId: string | null;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true, description: 'Primary website domain.' })
  domain: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Year founded.' })
  founded: number | null;

  @ApiProperty({ type: CompanyHeadcount })
  employees: CompanyHeadcount;

  @ApiProperty({ type: String, nullable: true })
  industry: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'private, public, nonprofit, ...' })
  type: string | null;

  @ApiProperty({ type: String, nullable: true })
  summary: string | null;

  @ApiProperty({ type: CompanyLocation })
  location: CompanyLocation;

  @ApiProperty({ type: CompanyFunding })
  funding: CompanyFunding;

  @ApiProperty({ type: String, nullable: true })
  linkedinUrl: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Stock ticker, when listed.' })
  ticker: string | null;

  @ApiProperty({ type: [String] })
  tags: string[];

  @ApiProperty({ type: Number, nullable: true, description: "The provider's confidence (1 to 10) that this is the company asked for." })
  matchLikelihood: number | null;
}

@ApiSchema({ name: 'CompanyIntelligence' })
export class CompanyIntelligenceResult {
  @ApiProperty({ enum: ['company_data'] })
  provider: 'company_data';

  @ApiProperty({ description: 'The provider behind company_data.', example: 'People Data Labs' })
  source: string;

  @ApiProperty({ format: 'date-time' })
  fetchedAt: string;

  @ApiProperty({ type: CompanyProfile })
  data: CompanyProfile;
}
