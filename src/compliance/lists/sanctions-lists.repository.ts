import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListEntry } from '../matching/screening-index.js';

/** What was loaded of one list: its version (a digest of the files) and date. */
export interface LoadedList {
  name: string;
  title: string;
  format: string;
  source: string;
  version: string;
  publishedAt: Date | null;
  loadedAt: Date;
  entryCount: number;
}

const INSERT_BATCH = 2000;

/** The loaded sanctions lists and their entries. */
@Injectable()
export class SanctionsListsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Replaces a list and all its entries in one transaction: readers see the previous list until the
   * commit and the new one after it, never a half-loaded list.
   */
  async replace(list: Omit<LoadedList, 'loadedAt' | 'entryCount'>, entries: readonly ListEntry[]): Promise<LoadedList> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO sanctions_lists (name, title, format, source, version, published_at, loaded_at, entry_count)
         VALUES ($1, $2, $3, $4, $5, $6, now(), $7)
         ON CONFLICT (name) DO UPDATE SET title = EXCLUDED.title, format = EXCLUDED.format, source = EXCLUDED.source,
           version = EXCLUDED.version, published_at = EXCLUDED.published_at, loaded_at = now(), entry_count = EXCLUDED.entry_count
         RETURNING loaded_at`,
        [list.name, list.title, list.format, list.source, list.version, list.publishedAt, entries.length],
      )) as Array<{ loaded_at: Date }>;
      await manager.query('DELETE FROM sanctions_entries WHERE list_name = $1', [list.name]);
      for (let start = 0; start < entries.length; start += INSERT_BATCH) {
        await manager.query(
          `INSERT INTO sanctions_entries (list_name, entity_id, entry)
           SELECT $1, item->>'entityId', item FROM jsonb_array_elements($2::jsonb) AS item`,
          [list.name, JSON.stringify(entries.slice(start, start + INSERT_BATCH))],
        );
      }
      return { ...list, loadedAt: row.loaded_at, entryCount: entries.length };
    });
  }

  async lists(): Promise<LoadedList[]> {
    return listsIn(this.dataSource.manager);
  }

  /** Every list's version, read in one statement: what a replica compares with the index it holds. */
  async versions(): Promise<string> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(string_agg(name || '@' || version, ',' ORDER BY name), '') AS versions FROM sanctions_lists`,
    )) as Array<{ versions: string }>;
    return row.versions;
  }

  /** The named lists and their entries, with every list's version, read in one snapshot. */
  async snapshot(names: readonly string[]): Promise<{ versions: string; lists: LoadedList[]; entries: ListEntry[] }> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const [row] = (await manager.query(
        `SELECT coalesce(string_agg(name || '@' || version, ',' ORDER BY name), '') AS versions FROM sanctions_lists`,
      )) as Array<{ versions: string }>;
      const lists = (await listsIn(manager)).filter((list) => names.includes(list.name));
      const entries = (await manager.query('SELECT entry FROM sanctions_entries WHERE list_name = ANY($1) ORDER BY list_name, entity_id', [
        lists.map((list) => list.name),
      ])) as Array<{ entry: ListEntry }>;
      return { versions: row.versions, lists, entries: entries.map((entry) => entry.entry) };
    });
  }
}

async function listsIn(manager: EntityManager): Promise<LoadedList[]> {
  const rows = (await manager.query(
    'SELECT name, title, format, source, version, published_at, loaded_at, entry_count FROM sanctions_lists ORDER BY name',
  )) as Array<{
    name: string;
    title: string;
    format: string;
    source: string;
    version: string;
    published_at: Date | null;
    loaded_at: Date;
    entry_count: number;
  }>;
  return rows.map((row) => ({
    name: row.name,
    title: row.title,
    format: row.format,
    source: row.source,
    version: row.version,
    publishedAt: row.published_at,
    loadedAt: row.loaded_at,
    entryCount: row.entry_count,
  }));
}
