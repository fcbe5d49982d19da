import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SanctionsListSource } from '../../config/app-config.js';
import type { ListEntry } from '../matching/screening-index.js';
import { readOfacCsv } from './ofac-csv.js';
import type { LoadedList } from './sanctions-lists.repository.js';

/** The OFAC files a list is made of, by the name of its primary file. */
const OFAC_FILE_SETS: Record<string, { name: string; title: string; aliases: string; addresses: string }> = {
  'sdn.csv': { name: 'us_ofac_sdn', title: 'OFAC SDN', aliases: 'alt.csv', addresses: 'add.csv' },
  'cons_prim.csv': { name: 'us_ofac_cons', title: 'OFAC Consolidated (non-SDN)', aliases: 'cons_alt.csv', addresses: 'cons_add.csv' },
};

const MAX_LIST_BYTES = 200 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 120_000;

export class SanctionsListUnavailableException extends Error {}

interface Fetched {
  text: string;
  modified: Date | null;
}

/** A list's name and title as results show them, from its configured URL. */
export function describeList(source: SanctionsListSource): { name: string; title: string } {
  const file = basename(new URL(source.url).pathname).toLowerCase();
  const known = OFAC_FILE_SETS[file];
  if (known) return { name: known.name, title: known.title };
  const stem = file.replace(/\.[a-z]+$/, '').replace(/[^a-z0-9]+/g, '_');
  return { name: `us_ofac_${stem}`, title: `OFAC ${stem}` };
}

/** The URL as it may be stored and logged: no credentials, no query. */
export function displayedSource(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  return parsed.toString();
}

/**
 * Reads one configured list from its URL (http(s) or file), with the sibling files of its format
 * where they exist. The version is a digest of the files read, so an unchanged list is recognised
 * and not stored again; the date is the primary file's Last-Modified (or modification time).
 */
export async function readSanctionsList(source: SanctionsListSource): Promise<{ list: Omit<LoadedList, 'loadedAt' | 'entryCount'>; entries: ListEntry[] }> {
  const { name, title } = describeList(source);
  const url = new URL(source.url);
  const siblings = OFAC_FILE_SETS[basename(url.pathname).toLowerCase()];
  const primary = await fetchFile(url, true);
  const aliases = siblings ? await fetchFile(new URL(siblings.aliases, url), false) : undefined;
  const addresses = siblings ? await fetchFile(new URL(siblings.addresses, url), false) : undefined;
  const entries = readOfacCsv(title, { primary: primary!.text, aliases: aliases?.text, addresses: addresses?.text });
  const digest = createHash('sha256');
  for (const part of [primary, aliases, addresses]) digest.update(part?.text ?? '').update('\u0000');
  return {
    list: {
      name,
      title,
      format: source.format,
      source: displayedSource(source.url),
      version: digest.digest('hex').slice(0, 16),
      publishedAt: primary!.modified,
    },
    entries,
  };
}

async function fetchFile(url: URL, required: boolean): Promise<Fetched | undefined> {
  const shown = displayedSource(url.toString());
  if (url.protocol === 'file:') {
    const path = fileURLToPath(url);
    try {
      const info = await stat(path);
      if (info.size > MAX_LIST_BYTES) throw new SanctionsListUnavailableException(`${shown} is larger than ${MAX_LIST_BYTES} bytes`);
      return { text: await readFile(path, 'utf8'), modified: info.mtime };
    } catch (error) {
      if (error instanceof SanctionsListUnavailableException) throw error;
      if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new SanctionsListUnavailableException(`${shown} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch {
    throw new SanctionsListUnavailableException(`${shown} could not be fetched`);
  }
  if (response.status === 404 && !required) return undefined;
  if (!response.ok) throw new SanctionsListUnavailableException(`${shown} answered HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_LIST_BYTES) throw new SanctionsListUnavailableException(`${shown} is larger than ${MAX_LIST_BYTES} bytes`);
  const text = await response.text();
  if (text.length > MAX_LIST_BYTES) throw new SanctionsListUnavailableException(`${shown} is larger than ${MAX_LIST_BYTES} bytes`);
  const modified = response.headers.get('last-modified');
  return { text, modified: modified && !Number.isNaN(Date.parse(modified)) ? new Date(modified) : null };
}
