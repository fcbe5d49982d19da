import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** SERVICE-SPEC 2.5 (RFC 9728); no other property is allowed. */
export class ProtectedResourceMetadata {
  @ApiProperty({ format: 'uri', description: 'Equals {agents_url}/mcp' })
  resource: string;

  @ApiProperty({ type: [String], format: 'uri' })
  authorization_servers: string[];

  @ApiPropertyOptional({ type: [String] })
  bearer_methods_supported?: string[];

  @ApiProperty({ type: [String] })
  scopes_supported: string[];

  @ApiPropertyOptional({ format: 'uri' })
  resource_documentation?: string;

  @ApiPropertyOptional({ type: [String] })
  resource_signing_alg_values_supported?: string[];
}
