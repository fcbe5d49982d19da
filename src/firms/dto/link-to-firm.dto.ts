import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Equals, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../common/validation/optional.js';

@ApiSchema({ name: 'LinkToFirmInput' })
export class LinkToFirmInput {
  @ApiPropertyOptional({ description: 'Create a firm with this name; the caller becomes its first member and gets its invite code.' })
  @Optional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  firmName?: string;

  @ApiPropertyOptional({ description: 'Join the firm whose creator shared this code.' })
  @Optional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  inviteCode?: string;

  @ApiPropertyOptional({ description: 'true: leave the current firm (its shared balances and workspaces stay with it).' })
  @Optional()
  @Equals(true)
  leave?: true;
}

@ApiSchema({ name: 'Firm' })
export class FirmResult {
  @ApiProperty()
  firmId: string;

  @ApiProperty()
  firmName: string;

  @ApiProperty()
  role: 'creator' | 'member' | 'left';

  @ApiProperty()
  members: number;

  @ApiPropertyOptional({ description: 'Creator only: share it with the people who should join.' })
  inviteCode?: string;
}
