import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { PROVIDER_NAMES, type ProviderName } from './provider-name.dto.js';

/** 8 to 512 printable ASCII characters without spaces, or "" (remove). */
export const API_KEY_FORMAT = /^(?:[\x21-\x7e]{8,512})?$/;

@ApiSchema({ name: 'ConfigureDataProviderInput' })
export class ConfigureDataProviderInput {
  @ApiProperty({ description: 'Which provider the key is for.', enum: PROVIDER_NAMES, example: 'compliance_b' })
  @IsIn(PROVIDER_NAMES, { message: `must be one of: ${PROVIDER_NAMES.join(', ')}` })
  provider: ProviderName;

  @ApiProperty({
    description:
      'The API key the provider issued to you (8 to 512 printable characters). Replaces a key configured before; "" removes it. Never returned, logged or shown again: results give its last 4 characters.',
    example: '<your provider API key>',
  })
  @IsString()
  @Matches(API_KEY_FORMAT, { message: 'must be 8 to 512 printable ASCII characters without spaces, or "" to remove the key' })
  apiKey: string;
}

@ApiSchema({ name: 'ConfiguredDataProvider' })
export class ConfiguredDataProviderResult {
  @ApiProperty({ enum: PROVIDER_NAMES })
  provider: ProviderName;

  @ApiProperty({ description: 'false after a removal (apiKey "").' })
  configured: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'The last 4 characters of the key; null when none is configured.', example: '9f3e' })
  keyHint: string | null;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'true: the provider accepted the key on a cheap authenticated call; null: the provider offers no such check (or the key was removed).',
  })
  verified: boolean | null;

  @ApiProperty({ description: 'When the key was stored or removed (ISO 8601).' })
  updatedAt: string;
}
