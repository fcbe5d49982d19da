import 'reflect-metadata';
import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { describe, expect, it } from '@jest/globals';
import { BULL_METADATA } from './job-processors.explorer.js';

@Processor('reports')
class ReportsProcessor {
  @Process({ name: 'monthly', concurrency: 3 })
  monthly(): void {}

  @OnQueueFailed()
  failed(): void {}
}

describe('the metadata keys of @nestjs/bull that the job explorer reads', () => {
  it('are the ones its @Processor, @Process and @OnQueueFailed decorators write', () => {
    expect(Reflect.getMetadata(BULL_METADATA.processor, ReportsProcessor)).toEqual({ name: 'reports' });
    expect(Reflect.getMetadata(BULL_METADATA.process, ReportsProcessor.prototype.monthly)).toEqual({ name: 'monthly', concurrency: 3 });
    expect(Reflect.getMetadata(BULL_METADATA.listener, ReportsProcessor.prototype.failed)).toEqual({ eventName: 'failed' });
  });
});
