import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

export const ENTITY_TYPES = ['person', 'company'] as const;
export const CHECK_TYPES = ['KYC', 'KYB', 'sanctions', 'full'] as const;
export const COMPLIANCE_PROVIDERS = ['compliance_a', 'compliance_b'] as const;
export type ComplianceProvider = (typeof COMPLIANCE_PROVIDERS)[number];
export type CoverageSource = 'provider' | 'local_lists' | 'not_checked';

@ApiSchema({ name: 'EntityComplianceInput' })
export class EntityComplianceInput {
  @ApiPropertyOptional({
    description: 'The name to screen, in any script (Latin, Cyrillic, Arabic, Chinese...); titles and company forms are ignored. Required to screen.',
    example: 'Vladimir Putin',
  })
  @Optional()
  @IsString()
  @MaxLength(300)
  entityName?: string;

  @ApiPropertyOptional({
    description:
      'Your own reference for the party (a customer id, a registration number): echoed in the result and sent to the provider as its client reference.',
    example: 'CUST-000123',
  })
  @Optional()
  @IsString()
  @Matches(/^[\x21-\x7e][\x20-\x7e]{0,99}$/, { message: 'entityId must be 1 to 100 printable ASCII characters' })
  entityId?: string;

  @ApiProperty({ enum: ENTITY_TYPES, description: 'A person or a company.' })
  @IsIn(ENTITY_TYPES, { message: `entityType must be one of: ${ENTITY_TYPES.join(', ')}` })
  entityType: 'person' | 'company';

  @ApiProperty({
    enum: CHECK_TYPES,
    description:
      'sanctions: sanctions lists only; KYC (persons) and KYB (companies): sanctions, watch lists and politically exposed persons; full: also adverse media.',
  })
  @IsIn(CHECK_TYPES, { message: `checkType must be one of: ${CHECK_TYPES.join(', ')}` })
  checkType: (typeof CHECK_TYPES)[number];

  @ApiPropertyOptional({
    enum: COMPLIANCE_PROVIDERS,
    description:
      'The compliance provider to use (its key configured with configure_data_provider). Default: compliance_a if configured, else compliance_b, else the sanctions lists the operator loaded.',
  })
  @Optional()
  @IsIn(COMPLIANCE_PROVIDERS, { message: `provider must be one of: ${COMPLIANCE_PROVIDERS.join(', ')}` })
  provider?: ComplianceProvider;

  @ApiPropertyOptional({ description: 'A date of birth (persons), YYYY, YYYY-MM or YYYY-MM-DD: raises or lowers match scores.', example: '1952-10-07' })
  @Optional()
  @IsString()
  @Matches(/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, { message: 'dateOfBirth must be YYYY, YYYY-MM or YYYY-MM-DD' })
  dateOfBirth?: string;

  @ApiPropertyOptional({
    description: 'Nationality (persons) or country of registration (companies): an ISO 3166-1 alpha-2 code or English name.',
    example: 'RU',
  })
  @Optional()
  @IsString()
  @MaxLength(60)
  country?: string;

  @ApiPropertyOptional({ description: 'Stores the result in this deal workspace (task type entity_compliance_agent).' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'ComplianceMatchFeature' })
export class MatchFeatureResult {
  @ApiProperty({ example: 'token:putin~putin' })
  feature: string;

  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }], example: 'exact 1' })
  value: number | string | boolean;
}

@ApiSchema({ name: 'ComplianceMatch' })
export class ComplianceMatchResult {
  @ApiProperty({ description: "The listed party's name, in reading order.", example: 'Vladimir Vladimirovich PUTIN' })
  name: string;

  @ApiProperty({ description: '0 to 100.', example: 97 })
  score: number;

  @ApiProperty({ description: 'The list (or provider source) the party is on.', example: 'OFAC SDN' })
  list: string;

  @ApiProperty({ description: "The list's own identifier (OFAC: ent_num) or the provider's entity id.", example: '35096' })
  entityId: string;

  @ApiProperty({ description: 'The name as the list writes it.', example: 'PUTIN, Vladimir Vladimirovich' })
  matchedName: string;

  @ApiPropertyOptional({ description: 'The alias that matched, when not the primary name.' })
  matchedAlias?: string;

  @ApiProperty({ enum: ['person', 'company'] })
  schema: 'person' | 'company';

  @ApiProperty({ type: [String], description: 'ISO 3166-1 alpha-2, lower case.' })
  countries: string[];

  @ApiProperty({ type: [String] })
  birthDates: string[];

  @ApiProperty({ type: [String], description: 'Sanctions lists (or programmes) naming the party.' })
  sanctionsLists: string[];

  @ApiProperty({ type: [String], description: 'Political positions held (provider screening).' })
  pepPositions: string[];

  @ApiProperty({ type: [MatchFeatureResult], description: 'The features that produced the score.' })
  explanation: MatchFeatureResult[];
}

@ApiSchema({ name: 'ComplianceArticle' })
export class ArticleResult {
  @ApiProperty() title: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: String, nullable: true }) publishedAt: string | null;
  @ApiProperty() source: string;
  @ApiProperty() snippet: string;
}

@ApiSchema({ name: 'ComplianceSanctionsFinding' })
export class SanctionsFinding {
  @ApiProperty() matched: boolean;
  @ApiProperty({ type: [String] }) lists: string[];
}

@ApiSchema({ name: 'CompliancePepFinding' })
export class PepFinding {
  @ApiProperty() matched: boolean;
  @ApiProperty({ type: [String] }) positions: string[];
}

@ApiSchema({ name: 'ComplianceAdverseMediaFinding' })
export class AdverseMediaFinding {
  @ApiProperty() matched: boolean;
  @ApiProperty({ type: [ArticleResult] }) articles: ArticleResult[];
}

const COVERAGE = ['provider', 'local_lists', 'not_checked'];

@ApiSchema({ name: 'ComplianceCoverage' })
export class CoverageResult {
  @ApiProperty({ enum: COVERAGE }) sanctions: CoverageSource;
  @ApiProperty({ enum: COVERAGE }) pep: CoverageSource;
  @ApiProperty({ enum: COVERAGE }) adverseMedia: CoverageSource;
  @ApiProperty({ enum: COVERAGE }) identity: CoverageSource;
}

@ApiSchema({ name: 'ComplianceListVersion' })
export class ListVersionResult {
  @ApiProperty({ example: 'us_ofac_sdn' }) name: string;
  @ApiProperty({ example: 'OFAC SDN' }) title: string;
  @ApiProperty({ description: 'A digest of the files loaded.' }) version: string;
  @ApiProperty({ type: String, nullable: true, description: "The list file's own date (Last-Modified)." }) publishedAt: string | null;
  @ApiProperty() loadedAt: string;
  @ApiProperty() entryCount: number;
}

@ApiSchema({ name: 'ComplianceThresholds' })
export class ThresholdsResult {
  @ApiProperty({ example: 80 }) review: number;
  @ApiProperty({ example: 92 }) match: number;
}

@ApiSchema({ name: 'EntityComplianceResult' })
export class EntityComplianceResult {
  @ApiProperty({ enum: ['CLEAR', 'REVIEW', 'MATCH'] }) status: 'CLEAR' | 'REVIEW' | 'MATCH';
  @ApiProperty({ description: '0 to 100.' }) riskScore: number;
  @ApiProperty({ enum: ['low', 'medium', 'high'] }) riskLevel: 'low' | 'medium' | 'high';
  @ApiProperty({ type: [ComplianceMatchResult], description: 'Possible matches at or above the review threshold, best first.' })
  matches: ComplianceMatchResult[];
  @ApiProperty({ type: SanctionsFinding }) sanctions: SanctionsFinding;
  @ApiProperty({ type: PepFinding }) pep: PepFinding;
  @ApiProperty({ type: AdverseMediaFinding }) adverseMedia: AdverseMediaFinding;
  @ApiProperty() summary: string;
  @ApiProperty() checkedAt: string;
  @ApiProperty({ enum: [...COMPLIANCE_PROVIDERS, 'local_lists'] }) provider: ComplianceProvider | 'local_lists';
  @ApiProperty({ type: CoverageResult }) coverage: CoverageResult;
  @ApiProperty() entityName: string;
  @ApiPropertyOptional() entityId?: string;
  @ApiProperty({ enum: ENTITY_TYPES }) entityType: 'person' | 'company';
  @ApiProperty({ enum: CHECK_TYPES }) checkType: (typeof CHECK_TYPES)[number];
  @ApiProperty({ type: ThresholdsResult }) thresholds: ThresholdsResult;
  @ApiProperty({ type: [ListVersionResult], description: 'The local lists screened against, with their versions (local screening only; else empty).' })
  lists: ListVersionResult[];
}
