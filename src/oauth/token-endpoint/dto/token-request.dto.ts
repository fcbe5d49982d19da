import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** SERVICE-SPEC 4.2 POST /oauth/token (application/x-www-form-urlencoded). Unknown parameters are ignored (RFC 6749 3.2). */
export class TokenRequest {
  @ApiProperty({ enum: GRANT_TYPES })
  @IsString()
  grant_type: string;

  @ApiPropertyOptional({ description: 'authorization_code' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  code?: string;

  @ApiPropertyOptional({ description: 'authorization_code: the redirect_uri of the authorization request' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  redirect_uri?: string;

  @ApiPropertyOptional({ description: 'PKCE verifier (authorization_code)' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  code_verifier?: string;

  @ApiPropertyOptional({ description: 'refresh_token' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  refresh_token?: string;

  @ApiPropertyOptional({ description: 'Public clients, and confidential ones that send credentials in the body' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  client_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  client_secret?: string;

  @ApiPropertyOptional({ description: 'client_credentials: {agents_url}/mcp.access (the default)' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  scope?: string;

  @ApiPropertyOptional({ description: 'RFC 8707 resource indicator: {agents_url}/mcp' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  resource?: string;
}

export class TokenResponse {
  @ApiProperty({ description: 'JWT (RS256)' })
  access_token: string;

  @ApiProperty({ enum: ['Bearer'] })
  token_type: 'Bearer';

  @ApiProperty({ example: 3600 })
  expires_in: number;

  @ApiPropertyOptional({ description: 'authorization_code and refresh_token grants; rotates on every use' })
  refresh_token?: string;

  @ApiPropertyOptional()
  scope?: string;
}
