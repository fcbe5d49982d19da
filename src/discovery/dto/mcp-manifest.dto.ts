import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** SERVICE-SPEC 2.6; no other property is allowed. */
export class McpManifest {
  @ApiProperty()
  name: string;

  @ApiProperty({ format: 'uri', description: 'Equals {agents_url}/mcp' })
  url: string;

  @ApiProperty()
  transport: 'streamable-http';

  @ApiPropertyOptional()
  description?: string;

  @ApiPropertyOptional()
  protocol?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Free-form' })
  authentication?: Record<string, unknown>;

  @ApiPropertyOptional({ format: 'uri' })
  documentation?: string;

  @ApiPropertyOptional({ format: 'uri' })
  server_card?: string;
}
