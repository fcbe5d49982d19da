import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { STYLESHEET, STYLESHEET_PATH } from './stylesheet.js';

/** The pages' one stylesheet; its path changes with its content, so it is cached for a year. */
@ApiExcludeController()
@Controller()
export class AssetsController {
  @Get(STYLESHEET_PATH.slice(1))
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  stylesheet(): string {
    return STYLESHEET;
  }
}
