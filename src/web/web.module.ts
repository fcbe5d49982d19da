import { Global, Module } from '@nestjs/common';
import { AssetsController } from './assets.controller.js';
import { CsrfService } from './csrf.service.js';

/** What the server-rendered pages share: CSRF protection and the stylesheet (the markup helpers are plain functions). */
@Global()
@Module({ controllers: [AssetsController], providers: [CsrfService], exports: [CsrfService] })
export class WebModule {}
