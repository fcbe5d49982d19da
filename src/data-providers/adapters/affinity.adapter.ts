import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { ProviderHttpClients } from '../../providers/http/provider-http-clients.js';
import type { ProviderHttpClient, ProviderRequest } from '../../providers/http/provider-http-client.js';
import { ProviderResourceNotFoundException } from '../../providers/http/provider.exceptions.js';
import { ProviderAnswerShapeException } from '../data-provider.exceptions.js';
import type { CrmContext, CrmInteraction, CrmListEntry, CrmNote, CrmPerson } from '../dto/crm-context.dto.js';
import { dataProviderClient } from './data-provider-client.js';
import type { ProviderKeyCheck } from '../provider-key-checks.service.js';
import { pickByName } from './name-matching.js';
import { dateOf, integerOf, integersOf, isRecord, recordsOf, textOf, textsOf, type JsonRecord } from './json-reading.js';

export const AFFINITY = 'Affinity';

/** Bounds on one call's fan-out: the people and notes an underwriter reads, not the whole CRM. */
const MAX_PEOPLE = 25;
const MAX_NOTES = 20;
const MAX_NOTE_CHARACTERS = 4000;
/** Requests in flight at once for one call (Affinity also limits concurrent requests per account). */
const CONCURRENCY = 5;

const INTERACTION_KINDS = ['first_email', 'last_email', 'first_event', 'last_event', 'next_event', 'last_chat_message', 'last_interaction'] as const;

/**
 * `crm`: the Affinity API v1 (api.affinity.co), HTTP Basic with an empty user name and the API key
 * as the password. One fetch_crm_context call:
 * `GET /organizations?term=` (find the organization) → `GET /organizations/{id}?with_interaction_dates=true&with_interaction_persons=true`
 * (people, list entries, interaction dates) → `GET /persons/{id}` (at most 25) → per list entry
 * `GET /lists/{list_id}` (its fields, to find "Status") and `GET /field-values?list_entry_id=` →
 * `GET /notes?organization_id=`. The key check is `GET /auth/whoami`.
 * v1 rather than v2: v2 has no search of organizations by name.
 */
@Injectable()
export class AffinityAdapter implements ProviderKeyCheck {
  readonly provider = 'crm' as const;
  readonly displayName = AFFINITY;
  private readonly client: ProviderHttpClient;

  constructor(clients: ProviderHttpClients, config: AppConfig) {
    this.client = dataProviderClient(clients, config, { provider: this.provider, displayName: AFFINITY, baseUrl: 'crmUrl' });
  }

  async checkKey(apiKey: string): Promise<void> {
    await this.get(apiKey, '/auth/whoami');
  }

  async organizationContext(apiKey: string, companyName: string): Promise<CrmContext> {
    const found = await this.get(apiKey, '/organizations', { query: { term: companyName, page_size: 25 } });
    if (!isRecord(found) || !Array.isArray(found.organizations)) throw new ProviderAnswerShapeException(AFFINITY, 'a list of organizations');
    const candidates = recordsOf(found.organizations).flatMap((organization) => {
      const [organizationId, name] = [integerOf(organization.id), textOf(organization.name)];
      return organizationId === null || name === null ? [] : [{ id: organizationId, name, aliases: textsOf(organization.domains) }];
    });
    const { id } = pickByName(candidates, companyName, AFFINITY, 'organization');

    const organization = await this.get(apiKey, `/organizations/${id}`, {
      query: { with_interaction_dates: true, with_interaction_persons: true },
      notFound: `organization with id ${id}`,
    });
    if (!isRecord(organization) || integerOf(organization.id) === null) throw new ProviderAnswerShapeException(AFFINITY, 'an organization');
    const personIds = integersOf(organization.person_ids);

    const [people, lists, notes] = await Promise.all([
      this.people(apiKey, personIds.slice(0, MAX_PEOPLE)),
      this.listEntries(apiKey, recordsOf(organization.list_entries)),
      this.notes(apiKey, id),
    ]);
    return {
      organization: {
        id,
        name: textOf(organization.name) ?? companyName,
        domain: textOf(organization.domain),
        domains: textsOf(organization.domains),
      },
      people,
      peopleTotal: personIds.length,
      interactions: interactions(organization),
      lists,
      notes,
    };
  }

  private async people(apiKey: string, ids: number[]): Promise<CrmPerson[]> {
    const people = await inBatches(ids, async (personId) => {
      const person = await this.get(apiKey, `/persons/${personId}`).catch(skipNotFound);
      if (!isRecord(person) || integerOf(person.id) === null) return null;
      const name = [textOf(person.first_name), textOf(person.last_name)].filter(Boolean).join(' ');
      return {
        id: integerOf(person.id)!,
        name: name || (textOf(person.primary_email) ?? `person ${personId}`),
        primaryEmail: textOf(person.primary_email),
        // Affinity's person type: 0 external (a contact), 1 internal (a user of your Affinity).
        kind: integerOf(person.type) === 1 ? ('internal' as const) : ('external' as const),
      };
    });
    return people.filter((person): person is CrmPerson => person !== null);
  }

  private async listEntries(apiKey: string, entries: JsonRecord[]): Promise<CrmListEntry[]> {
    const lists = new Map<number, Promise<JsonRecord | null>>();
    const listOf = (listId: number) => {
      if (!lists.has(listId))
        lists.set(
          listId,
          this.get(apiKey, `/lists/${listId}`)
            .catch(skipNotFound)
            .then((list) => (isRecord(list) ? list : null)),
        );
      return lists.get(listId)!;
    };
    const mapped = await inBatches(entries, async (entry) => {
      const entryId = integerOf(entry.id);
      const listId = integerOf(entry.list_id);
      if (entryId === null || listId === null) return null;
      const [list, values] = await Promise.all([listOf(listId), this.get(apiKey, '/field-values', { query: { list_entry_id: entryId } })]);
      return { listId, listName: list ? textOf(list.name) : null, entryId, addedAt: dateOf(entry.created_at), stage: stageOf(list, values) };
    });
    return mapped.filter((entry): entry is CrmListEntry => entry !== null);
  }

  private async notes(apiKey: string, organizationId: number): Promise<CrmNote[]> {
    const answer = await this.get(apiKey, '/notes', { query: { organization_id: organizationId, page_size: MAX_NOTES } });
    if (!isRecord(answer) || !Array.isArray(answer.notes)) throw new ProviderAnswerShapeException(AFFINITY, 'a list of notes');
    return recordsOf(answer.notes)
      .filter((note) => integerOf(note.id) !== null)
      .map((note) => {
        const content = typeof note.content === 'string' ? note.content : '';
        return {
          id: integerOf(note.id)!,
          createdAt: dateOf(note.created_at),
          creatorId: integerOf(note.creator_id),
          content: content.slice(0, MAX_NOTE_CHARACTERS),
          truncated: content.length > MAX_NOTE_CHARACTERS,
        };
      })
      .sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? '') || b.id - a.id)
      .slice(0, MAX_NOTES);
  }

  private async get(apiKey: string, path: string, request: Omit<ProviderRequest, 'path' | 'headers'> = {}): Promise<unknown> {
    const authorization = `Basic ${Buffer.from(`:${apiKey}`).toString('base64')}`;
    const { body } = await this.client.getJson<unknown>(path, { ...request, headers: { authorization }, secrets: [apiKey] });
    return body;
  }
}

function interactions(organization: JsonRecord): CrmInteraction[] {
  const detailed = isRecord(organization.interactions) ? organization.interactions : {};
  const dates = isRecord(organization.interaction_dates) ? organization.interaction_dates : {};
  return INTERACTION_KINDS.flatMap((kind) => {
    const interaction = isRecord(detailed[kind]) ? detailed[kind] : {};
    const date = dateOf(interaction.date) ?? dateOf(dates[`${kind}_date`]);
    return date ? [{ kind, date, personIds: integersOf(interaction.person_ids) }] : [];
  });
}

/** The entry's value of the list's "Status" field (Affinity's pipeline stage): a dropdown's text, or a text value. */
function stageOf(list: JsonRecord | null, values: unknown): string | null {
  if (!list || !Array.isArray(values)) return null;
  const status = recordsOf(list.fields).find((field) => textOf(field.name)?.toLowerCase() === 'status');
  const fieldId = status && integerOf(status.id);
  if (fieldId === null || fieldId === undefined) return null;
  const value = recordsOf(values).find((candidate) => integerOf(candidate.field_id) === fieldId)?.value;
  return isRecord(value) ? textOf(value.text) : textOf(value);
}

function skipNotFound(error: unknown): null {
  if (error instanceof ProviderResourceNotFoundException) return null;
  throw error;
}

async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += CONCURRENCY) results.push(...(await Promise.all(items.slice(start, start + CONCURRENCY).map(work))));
  return results;
}
