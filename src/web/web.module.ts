import { Global, Module } from '@nestjs/common';
import { CsrfService } from './csrf.service.js';

/** What the server-rendered pages share: CSRF protection (the markup helpers are plain functions). */
@Global()
@Module({ providers: [CsrfService], exports: [CsrfService] })
export class WebModule {}
