import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';
import { COMPANY_NAME_FORMAT, COMPANY_NAME_MESSAGE } from './data-provider-inputs.js';

@ApiSchema({ name: 'FetchPortfolioMetricsInput' })
export class FetchPortfolioMetricsInput {
  @ApiPropertyOptional({
    description:
      'A portfolio company as it is named in your portfolio-monitoring account (an exact name wins over partial matches). Without it, the result lists your portfolio companies, without metrics.',
    example: 'Acme Robotics',
  })
  @Optional()
  @IsString()
  @Matches(COMPANY_NAME_FORMAT, { message: COMPANY_NAME_MESSAGE })
  companyName?: string;

  @ApiPropertyOptional({ description: 'A deal workspace of yours: the result is also stored there (task type fetch_portfolio_metrics).' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'PortfolioCompany' })
export class PortfolioCompany {
  @ApiProperty({ description: "The provider's id of the company." })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  slug: string | null;

  @ApiProperty({ type: String, nullable: true })
  sector: string | null;

  @ApiProperty({ type: String, nullable: true })
  city: string | null;

  @ApiProperty({ type: String, nullable: true })
  website: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 4217 currency the company reports in.' })
  reportingCurrency: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Fiscal year end, MM/DD.' })
  fiscalYearEnd: string | null;
}

@ApiSchema({ name: 'ReportingPeriod' })
export class ReportingPeriod {
  @ApiProperty({ description: 'The period in words: "month ending 2026-09-30", "as of 2026-09-30".' })
  label: string;

  @ApiProperty({ description: 'The last day of the period, or the day a balance is taken (YYYY-MM-DD).' })
  end: string;

  @ApiPropertyOptional({ description: 'Length in months (1, 3, 6, 12); absent for a balance at a point in time.' })
  months?: number;
}

@ApiSchema({ name: 'PortfolioMetric' })
export class PortfolioMetric {
  @ApiProperty({ description: "The provider's category (arr, revenue, cash_in_bank, runway, headcount, ...), or the custom metric's name." })
  category: string;

  @ApiProperty({ type: ReportingPeriod })
  period: ReportingPeriod;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The value as a number (money in units of currency; percentages in percent); null when it is not a number.',
  })
  value: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'The value as the provider wrote it (for select and text metrics).' })
  text: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 4217, for money metrics.' })
  currency: string | null;

  @ApiProperty({ description: 'point_in_time, month, quarter, half_year or year.' })
  cadence: string;

  @ApiProperty({ description: "The provider's id of this data point." })
  recordId: string;

  @ApiProperty({ type: String, nullable: true, description: 'When the provider last changed it.' })
  updatedAt: string | null;
}

@ApiSchema({ name: 'ProviderEvidence' })
export class ProviderEvidence {
  @ApiProperty({ enum: ['provider'] })
  source: 'provider';

  @ApiProperty({ enum: ['portfolio_data'] })
  provider: 'portfolio_data';

  @ApiProperty({ description: "The provider's API address of the company's metrics (no credentials)." })
  url: string;

  @ApiProperty({ description: "The provider's id of the data point." })
  recordId: string;
}

@ApiSchema({ name: 'ProviderFinancialFact' })
export class ProviderFinancialFact {
  @ApiProperty({ description: 'US-GAAP concept (DOMAIN.md 2), the same vocabulary as document extraction and filings.', example: 'Revenues' })
  concept: string;

  @ApiProperty({ description: "The provider's own name for the line.", example: 'revenue' })
  label: string;

  @ApiProperty({ type: ReportingPeriod })
  period: ReportingPeriod;

  @ApiProperty({ description: 'In units of currency; costs positive, results with their sign.' })
  value: number;

  @ApiProperty()
  currency: string;

  @ApiProperty({ enum: ['provider'] })
  source: 'provider';

  @ApiProperty({ type: ProviderEvidence })
  evidence: ProviderEvidence;
}

@ApiSchema({ name: 'PortfolioData' })
export class PortfolioData {
  @ApiProperty({ type: [PortfolioCompany], description: 'The company asked for; without companyName, the portfolio companies (at most 100).' })
  companies: PortfolioCompany[];

  @ApiProperty({ type: [PortfolioMetric], description: "The company's reported metrics (actuals, not budgets), newest period first." })
  metrics: PortfolioMetric[];

  @ApiProperty({ type: [ProviderFinancialFact], description: 'The financial metrics among them as facts in the DOMAIN.md 2 vocabulary.' })
  facts: ProviderFinancialFact[];
}

@ApiSchema({ name: 'PortfolioMetricsResult' })
export class PortfolioMetricsResult {
  @ApiProperty({ enum: ['portfolio_data'] })
  provider: 'portfolio_data';

  @ApiProperty({ description: 'The provider behind portfolio_data.', example: 'Standard Metrics' })
  source: string;

  @ApiProperty({ format: 'date-time' })
  fetchedAt: string;

  @ApiProperty({ type: PortfolioData })
  data: PortfolioData;
}
