import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsObject, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { ResourceNotFoundException } from '../../src/common/errors/app.exception.js';

export const SECRET_QUERY_PARAMETER = 'hash-that-must-never-be-logged';
export const LEAKY_ERROR_MESSAGE = 'relation "users" does not exist: SELECT password_hash FROM users';

class ContactInput {
  @IsEmail()
  email: string;
}

class EchoInput {
  @IsString()
  @MaxLength(20)
  name: string;

  @IsInt()
  @Min(1)
  count: number;

  @IsObject()
  @ValidateNested()
  @Type(() => ContactInput)
  contact: ContactInput;
}

/** Routes that exist only in tests, to drive the error paths of the real pipeline. */
@Controller('test')
class TestRoutesController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('boom')
  boom(): never {
    throw new Error(LEAKY_ERROR_MESSAGE);
  }

  /** A real failed query whose parameter is a secret. */
  @Get('failed-query')
  async failedQuery(): Promise<never> {
    await this.dataSource.query('SELECT * FROM no_such_table WHERE secret = $1', [SECRET_QUERY_PARAMETER]);
    throw new Error('unreachable');
  }

  @Get('missing')
  missing(): never {
    throw new ResourceNotFoundException('Workspace ws_123 was not found.');
  }

  @Post('echo')
  echo(@Body() input: EchoInput): EchoInput {
    return input;
  }

  @Get('slow')
  async slow(): Promise<{ finished: true }> {
    await sleep(1500);
    return { finished: true };
  }
}

@Module({ controllers: [TestRoutesController] })
export class TestRoutesModule {}
