import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppConfig } from '../../src/config/app-config.js';
import { Sql } from '../../src/database/sql.js';
import { PeriodicTasks } from '../../src/jobs/periodic-tasks.js';
import { startMediumModule, type MediumModule } from '../support/medium-database.js';

/** The periodic-task helper against real PostgreSQL (its one-replica-at-a-time lock). */
describe('periodic tasks (medium)', () => {
  let medium: MediumModule;
  const replicas = () => new PeriodicTasks(medium.get(Sql), medium.get(AppConfig));

  beforeAll(async () => {
    medium = await startMediumModule([], { env: { SHUTDOWN_GRACE_MS: '5000' } });
  });
  afterAll(() => medium?.close());

  it('runs a task at its interval, never two runs of it at once, and goes on after a failure', async () => {
    const tasks = replicas();
    let runs = 0;
    let running = 0;
    let overlap = 0;
    tasks.every({ name: 'test', intervalMs: 10 }, async () => {
      running++;
      overlap = Math.max(overlap, running);
      runs++;
      await sleep(30);
      running--;
      if (runs === 1) throw new Error('first run fails');
    });
    while (runs < 4) await sleep(10);
    await tasks.onApplicationShutdown();
    expect(overlap).toBe(1);
  });

  it('runs an exclusive task on one replica at a time', async () => {
    const [one, two] = [replicas(), replicas()];
    let running = 0;
    let overlap = 0;
    const ran = { one: 0, two: 0 };
    const task = (replica: 'one' | 'two') => async () => {
      running++;
      overlap = Math.max(overlap, running);
      ran[replica]++;
      await sleep(40);
      running--;
    };
    one.every({ name: 'exclusive', intervalMs: 5, exclusiveLockKey: 424_242 }, task('one'));
    two.every({ name: 'exclusive', intervalMs: 5, exclusiveLockKey: 424_242 }, task('two'));
    while (ran.one + ran.two < 6) await sleep(10);
    await Promise.all([one.onApplicationShutdown(), two.onApplicationShutdown()]);
    expect(overlap).toBe(1);
  });

  it('starts no run after shutdown and waits for the one under way', async () => {
    const tasks = replicas();
    let started = 0;
    let finished = 0;
    tasks.every({ name: 'slow', intervalMs: 5 }, async () => {
      started++;
      await sleep(200);
      finished++;
    });
    while (started === 0) await sleep(5);
    await tasks.onApplicationShutdown();
    expect(finished).toBe(started);
    await sleep(50);
    expect(started).toBe(finished);
  });
});
