import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** SERVICE-SPEC 2.4 (RFC 8414); no other property is allowed. */
export class AuthorizationServerMetadata {
  @ApiProperty({ format: 'uri', description: 'Equals {agents_url}' })
  issuer: string;

  @ApiProperty({ format: 'uri' })
  authorization_endpoint: string;

  @ApiProperty({ format: 'uri' })
  token_endpoint: string;

  @ApiPropertyOptional({ format: 'uri' })
  registration_endpoint?: string;

  @ApiPropertyOptional({ format: 'uri' })
  m2m_registration_endpoint?: string;

  @ApiPropertyOptional({ type: [String] })
  token_endpoint_auth_methods_supported?: string[];

  @ApiProperty({ type: [String], example: ['openid', 'email', 'profile'] })
  scopes_supported: string[];

  @ApiPropertyOptional({ type: [String] })
  response_types_supported?: string[];

  @ApiPropertyOptional({ type: [String] })
  grant_types_supported?: string[];

  @ApiPropertyOptional({ type: [String] })
  code_challenge_methods_supported?: string[];
}
