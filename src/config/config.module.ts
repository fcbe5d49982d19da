import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AppConfig } from './app-config.js';
import { PublicUrls } from './public-urls.js';

/** Makes the one validated AppConfig, and the URLs derived from it, injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: AppConfig, useValue: config }, PublicUrls], exports: [AppConfig, PublicUrls] };
  }
}
