import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** SERVICE-SPEC 2.2 request. */
export class RegisterMachineClientRequest {
  @ApiProperty({ description: 'Display name for the agent or pipeline', example: 'nightly-underwriting-pipeline' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  client_name: string;
}

/** SERVICE-SPEC 2.2 response. */
export class RegisteredMachineClientResponse {
  @ApiProperty({ description: 'Permanent credential' })
  client_id: string;

  @ApiProperty({ description: 'Permanent credential; store it securely, it is shown once' })
  client_secret: string;

  @ApiPropertyOptional()
  client_name?: string;

  @ApiPropertyOptional({ type: [String], example: ['client_credentials'] })
  grant_types?: string[];

  @ApiProperty({ format: 'uri' })
  token_endpoint: string;

  @ApiProperty({ format: 'uri' })
  mcp_endpoint: string;

  @ApiProperty({ description: 'Always {agents_url}/mcp.access' })
  scope: string;

  @ApiPropertyOptional({ description: 'A ready-made token request as a shell command' })
  token_request_example?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'integer' }, description: 'Trial quota per usage key' })
  free_quota?: Record<string, number>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Price per usage key' })
  pricing?: Record<string, string>;

  @ApiPropertyOptional()
  note?: string;
}
