import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';
import { COMPANY_NAME_FORMAT, COMPANY_NAME_MESSAGE } from './data-provider-inputs.js';

@ApiSchema({ name: 'FetchCrmContextInput' })
export class FetchCrmContextInput {
  @ApiProperty({
    description: 'The organization as it is named in your CRM (an exact name wins over partial matches), or its domain.',
    example: 'Acme Robotics',
  })
  @IsString()
  @Matches(COMPANY_NAME_FORMAT, { message: COMPANY_NAME_MESSAGE })
  companyName: string;

  @ApiPropertyOptional({ description: 'A deal workspace of yours: the result is also stored there (task type fetch_crm_context).' })
  @Optional()
  @IsString()
  @MaxLength(100)
  workspaceId?: string;
}

@ApiSchema({ name: 'CrmOrganization' })
export class CrmOrganization {
  @ApiProperty({ description: "The CRM's id of the organization." })
  id: number;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  domain: string | null;

  @ApiProperty({ type: [String] })
  domains: string[];
}

@ApiSchema({ name: 'CrmPerson' })
export class CrmPerson {
  @ApiProperty()
  id: number;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  primaryEmail: string | null;

  @ApiProperty({ enum: ['internal', 'external'], description: 'internal: someone on your team; external: a contact.' })
  kind: 'internal' | 'external';
}

@ApiSchema({ name: 'CrmInteraction' })
export class CrmInteraction {
  @ApiProperty({
    enum: ['first_email', 'last_email', 'first_event', 'last_event', 'next_event', 'last_chat_message', 'last_interaction'],
  })
  kind: string;

  @ApiProperty({ description: 'When it happened (or, for next_event, will), ISO 8601.' })
  date: string;

  @ApiProperty({ type: [Number], description: 'The people involved (ids of `people`, or of people not listed there).' })
  personIds: number[];
}

@ApiSchema({ name: 'CrmListEntry' })
export class CrmListEntry {
  @ApiProperty()
  listId: number;

  @ApiProperty({ type: String, nullable: true, description: 'The list (pipeline) name.' })
  listName: string | null;

  @ApiProperty()
  entryId: number;

  @ApiProperty({ type: String, nullable: true, description: 'When the organization was added to the list.' })
  addedAt: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The entry's Status (the pipeline stage), when the list has one and it is set." })
  stage: string | null;
}

@ApiSchema({ name: 'CrmNote' })
export class CrmNote {
  @ApiProperty()
  id: number;

  @ApiProperty({ type: String, nullable: true })
  createdAt: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'The person (a CRM user) who wrote it.' })
  creatorId: number | null;

  @ApiProperty({ description: 'The note, cut to 4,000 characters.' })
  content: string;

  @ApiProperty({ description: 'true when content was cut.' })
  truncated: boolean;
}

@ApiSchema({ name: 'CrmContext' })
export class CrmContext {
  @ApiProperty({ type: CrmOrganization })
  organization: CrmOrganization;

  @ApiProperty({ type: [CrmPerson], description: 'People at the organization known to the CRM (at most 25).' })
  people: CrmPerson[];

  @ApiProperty({ type: Number, description: 'How many people the CRM links to the organization (people lists at most 25).' })
  peopleTotal: number;

  @ApiProperty({ type: [CrmInteraction], description: 'Key interaction dates (first and last email, meetings, the next meeting).' })
  interactions: CrmInteraction[];

  @ApiProperty({ type: [CrmListEntry], description: 'The lists (pipelines) the organization is on, with its stage in each.' })
  lists: CrmListEntry[];

  @ApiProperty({ type: [CrmNote], description: 'The latest notes on the organization (at most 20), newest first.' })
  notes: CrmNote[];
}

@ApiSchema({ name: 'CrmContextResult' })
export class CrmContextResult {
  @ApiProperty({ enum: ['crm'] })
  provider: 'crm';

  @ApiProperty({ description: 'The provider behind crm.', example: 'Affinity' })
  source: string;

  @ApiProperty({ format: 'date-time' })
  fetchedAt: string;

  @ApiProperty({ type: CrmContext })
  data: CrmContext;
}
