import { Module } from '@nestjs/common';
import { WorkPool } from './work-pool.service.js';

/** The worker threads that read documents and run the built-in analysis (WorkPool). */
@Module({ providers: [WorkPool], exports: [WorkPool] })
export class WorkPoolModule {}
