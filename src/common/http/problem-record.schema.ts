import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ERROR_CODES } from '../errors/problem.js';

/** The problem record of SERVICE-SPEC 2.7, as the OpenAPI document describes it. */
@ApiSchema({ name: 'ProblemRecord' })
export class ProblemRecordSchema {
  @ApiProperty({ format: 'uri', example: 'http://localhost:3000/problems/invalid-input' })
  type: string;

  @ApiProperty({ example: 'Invalid input' })
  title: string;

  @ApiProperty({ example: 400 })
  status: number;

  @ApiPropertyOptional({ example: 'Invalid input. clientName: clientName must be a string' })
  detail?: string;

  @ApiPropertyOptional({ format: 'uri', description: 'urn:uuid:<request id>; quote it when reporting an error.' })
  instance?: string;

  @ApiPropertyOptional({ enum: ERROR_CODES })
  code?: string;
}
