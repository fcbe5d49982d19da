import { Module } from '@nestjs/common';
import { DiscoveryController } from './discovery.controller.js';
import { DiscoveryService } from './discovery.service.js';
import { OpenApiDocument } from './openapi-document.js';

@Module({
  controllers: [DiscoveryController],
  providers: [DiscoveryService, OpenApiDocument],
  exports: [OpenApiDocument],
})
export class DiscoveryModule {}
