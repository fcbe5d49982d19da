import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const INTERACTIVE_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export const TOKEN_ENDPOINT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;

/** RFC 7591 client metadata (SERVICE-SPEC 2.1). Unknown members are accepted and ignored. */
export class RegisterClientRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  client_name?: string;

  @ApiPropertyOptional({ type: [String], description: 'https URIs, or http on a loopback address (any port matches); no fragments', maxItems: 10 })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(2000, { each: true })
  redirect_uris?: string[];

  @ApiPropertyOptional({ type: [String], enum: INTERACTIVE_GRANT_TYPES, default: ['authorization_code'] })
  @IsOptional()
  @IsArray()
  @IsIn(INTERACTIVE_GRANT_TYPES, { each: true })
  grant_types?: string[];

  @ApiPropertyOptional({ type: [String], enum: ['code'], default: ['code'] })
  @IsOptional()
  @IsArray()
  @IsIn(['code'], { each: true })
  response_types?: string[];

  @ApiPropertyOptional({ enum: TOKEN_ENDPOINT_AUTH_METHODS, default: 'client_secret_basic' })
  @IsOptional()
  @IsIn(TOKEN_ENDPOINT_AUTH_METHODS)
  token_endpoint_auth_method?: string;
}

export class RegisteredClientResponse {
  @ApiProperty()
  client_id: string;

  @ApiPropertyOptional({ description: 'Only for confidential clients; shown once' })
  client_secret?: string;

  @ApiProperty({ description: 'Seconds since the epoch' })
  client_id_issued_at: number;

  @ApiPropertyOptional({ description: '0: the secret does not expire' })
  client_secret_expires_at?: number;

  @ApiPropertyOptional()
  client_name?: string;

  @ApiProperty({ type: [String] })
  redirect_uris: string[];

  @ApiProperty({ type: [String] })
  grant_types: string[];

  @ApiProperty({ type: [String] })
  response_types: string[];

  @ApiProperty({ enum: TOKEN_ENDPOINT_AUTH_METHODS })
  token_endpoint_auth_method: string;
}
