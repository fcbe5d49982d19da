import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

@ApiSchema({ name: 'CreateDealWorkspaceInput' })
export class CreateDealWorkspaceInput {
  @ApiProperty({ description: 'The company or borrower the deal is about.', example: 'Acme Robotics' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  clientName: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Custom fields kept with the workspace (at most 16 KB as JSON).',
    example: { sector: 'robotics', stage: 'seed' },
  })
  @Optional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

@ApiSchema({ name: 'GetDealWorkspaceInput' })
export class GetDealWorkspaceInput {
  @ApiProperty({ description: 'From create_deal_workspace.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  workspaceId: string;
}

@ApiSchema({ name: 'DealWorkspace' })
export class DealWorkspaceResult {
  @ApiProperty()
  workspaceId: string;

  @ApiProperty()
  clientName: string;

  @ApiProperty()
  status: 'ACTIVE';

  @ApiProperty({ type: 'object', additionalProperties: true })
  metadata: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

@ApiSchema({ name: 'DealWorkspaceWithOutputs' })
export class DealWorkspaceWithOutputsResult extends DealWorkspaceResult {
  @ApiProperty({
    type: 'object',
    description: 'Every stored task output, by task type, newest first: { taskType: [{ toolName, storedAt, output }] }.',
    additionalProperties: {
      type: 'array',
      items: {
        type: 'object',
        properties: { toolName: { type: 'string' }, storedAt: { type: 'string', format: 'date-time' }, output: { type: 'object', additionalProperties: true } },
        required: ['toolName', 'storedAt', 'output'],
      },
    },
  })
  outputs: Record<string, { toolName: string; storedAt: string; output: unknown }[]>;
}
