import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ListFormatException } from '../../src/compliance/lists/ofac-csv.js';
import { SanctionsListLoader } from '../../src/compliance/lists/sanctions-list.loader.js';
import { SanctionsListsRepository } from '../../src/compliance/lists/sanctions-lists.repository.js';
import { startMediumModule, type MediumModule } from '../support/medium-database.js';

/** Loading the OFAC lists into real PostgreSQL: versions, unchanged lists, failed loads, and readers during a replacement. */
describe('sanctions list loading (medium)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sanctions-medium-'));
  let medium: MediumModule;
  let loader: SanctionsListLoader;
  let repository: SanctionsListsRepository;
  let dataSource: DataSource;
  const count = async () =>
    Number(((await dataSource.query(`SELECT count(*) AS n FROM sanctions_entries WHERE list_name = 'us_ofac_sdn'`)) as Array<{ n: string }>)[0].n);

  beforeAll(async () => {
    for (const file of ['sdn.csv', 'alt.csv', 'add.csv']) copyFileSync(`test/fixtures/sanctions/${file}`, join(folder, file));
    medium = await startMediumModule([], {
      env: { SANCTIONS_LISTS: `ofac-csv:${pathToFileURL(join(folder, 'sdn.csv')).toString()}` },
      providers: [SanctionsListsRepository, SanctionsListLoader],
    });
    loader = medium.get(SanctionsListLoader);
    repository = medium.get(SanctionsListsRepository);
    dataSource = medium.get(DataSource);
  });
  afterAll(async () => {
    await medium?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('stores the list with its version, its date and every entry', async () => {
    const [outcome] = await loader.loadConfigured();
    expect(outcome).toMatchObject({ name: 'us_ofac_sdn', entryCount: 12, changed: true });
    const [list] = await repository.lists();
    expect(list).toMatchObject({ name: 'us_ofac_sdn', title: 'OFAC SDN', format: 'ofac-csv', version: outcome.version, entryCount: 12 });
    expect(list.publishedAt).toBeInstanceOf(Date);
    expect(await count()).toBe(12);
  });

  it('leaves an unchanged list as it is', async () => {
    const [before] = await repository.lists();
    const [outcome] = await loader.loadConfigured();
    expect(outcome).toMatchObject({ changed: false, version: before.version });
    expect((await repository.lists())[0].loadedAt).toEqual(before.loadedAt);
  });

  it('replaces a changed list whole, under a new version', async () => {
    const [before] = await repository.lists();
    const lines = readFileSync(join(folder, 'sdn.csv'), 'utf8').split('\n');
    writeFileSync(join(folder, 'sdn.csv'), lines.slice(1).join('\n'));
    const [outcome] = await loader.loadConfigured();
    expect(outcome).toMatchObject({ changed: true, entryCount: 11 });
    expect(outcome.version).not.toBe(before.version);
    expect(await count()).toBe(11);
  });

  it('keeps the previous list when the new file cannot be read as the format', async () => {
    const [before] = await repository.lists();
    writeFileSync(join(folder, 'sdn.csv'), '<html><body>Service unavailable</body></html>');
    await expect(loader.loadConfigured()).rejects.toBeInstanceOf(ListFormatException);
    expect((await repository.lists())[0].version).toBe(before.version);
    expect(await count()).toBe(11);
  });

  it('shows readers the old list or the new one while a large list replaces it, never a mix', async () => {
    const old = await count();
    const rows = Array.from(
      { length: 20_000 },
      (_, index) => `${900_000 + index},"PERSON ${index}, Test","individual","BENCH","-0- ","-0- ","-0- ","-0- ","-0- ","-0- ","-0- ","-0- "`,
    );
    writeFileSync(join(folder, 'sdn.csv'), rows.join('\r\n'));
    let loading = true;
    const seen = new Set<number>();
    const load = loader.loadConfigured().finally(() => (loading = false));
    while (loading) seen.add(await count());
    await load;
    seen.add(await count());
    expect([...seen].every((value) => value === old || value === 20_000)).toBe(true);
    expect([...seen]).toContain(old);
    expect(await count()).toBe(20_000);
  });
});
