import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsObject, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { setTimeout as sleep } from 'node:timers/promises';
import { ResourceNotFoundException } from '../../src/common/errors/app.exception.js';

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
  @Get('boom')
  boom(): never {
    throw new Error(LEAKY_ERROR_MESSAGE);
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
