// A worker process whose one job handler never finishes: the medium tests kill it with SIGKILL
// mid-job, as a crash would. Plain JavaScript over the built service (dist/), so it runs as its own
// process; the decorators are applied by hand. Prints "claimed <job id>" once its handler runs.
import 'reflect-metadata';
import { Process, Processor } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfiguration } from '../../dist/src/config/app-config.js';
import { ConfigModule } from '../../dist/src/config/config.module.js';
import { DatabaseModule } from '../../dist/src/database/database.module.js';
import { JobsModule } from '../../dist/src/jobs/jobs.module.js';
import { PeriodicTasksModule } from '../../dist/src/jobs/periodic-tasks.js';
import { RedisModule } from '../../dist/src/redis/redis.module.js';

const queue = process.env.HANGING_QUEUE;

class HangingProcessor {
  async run(job) {
    process.stdout.write(`claimed ${job.id}\n`);
    await new Promise(() => undefined);
  }
}
Processor(queue)(HangingProcessor);
Process()(HangingProcessor.prototype, 'run', Object.getOwnPropertyDescriptor(HangingProcessor.prototype, 'run'));

class HangingModule {}
Module({ imports: [JobsModule.registerQueue({ name: queue })], providers: [HangingProcessor] })(HangingModule);

class WorkerModule {}
Module({ imports: [ConfigModule.forRoot(loadConfiguration(process.env)), DatabaseModule, RedisModule, PeriodicTasksModule, JobsModule, HangingModule] })(WorkerModule);

const app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
await app.init();
process.stdout.write('ready\n');
