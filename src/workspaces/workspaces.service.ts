import { Injectable } from '@nestjs/common';
import { InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import type { DealWorkspaceResult, DealWorkspaceWithOutputsResult } from './dto/workspace.dto.js';
import { WorkspacesRepository } from './workspaces.repository.js';

const METADATA_MAX_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deal workspaces of one account, visible to the members of its firm; anyone else's id is
 * indistinguishable from a missing one.
 */
@Injectable()
export class WorkspacesService {
  constructor(private readonly workspaces: WorkspacesRepository) {}

  async create(accountId: string, clientName: string, metadata: Record<string, unknown> = {}): Promise<DealWorkspaceResult> {
    if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES)
      throw new InvalidInputException(`metadata must be at most ${METADATA_MAX_BYTES} bytes as JSON.`);
    const workspace = await this.workspaces.insert({ accountId, clientName: clientName.trim(), metadata });
    return {
      workspaceId: workspace.id,
      clientName: workspace.clientName,
      status: workspace.status,
      metadata: workspace.metadata,
      createdAt: workspace.createdAt.toISOString(),
    };
  }

  /** The name of a workspace the account may see, or NOT_FOUND (the upload page shows it). */
  async nameOf(accountId: string, workspaceId: string): Promise<string> {
    const name = UUID.test(workspaceId) ? await this.workspaces.visibleName(accountId, workspaceId) : undefined;
    if (name === undefined) throw notFound(workspaceId);
    return name;
  }

  /** Checks ownership only, on every tool call that names a workspace. */
  async assertOwned(accountId: string, workspaceId: string): Promise<void> {
    if (!UUID.test(workspaceId) || !(await this.workspaces.isVisible(accountId, workspaceId))) throw notFound(workspaceId);
  }

  /** The workspace and all its outputs in one round trip (get_deal_workspace). */
  async withOutputs(accountId: string, workspaceId: string): Promise<DealWorkspaceWithOutputsResult> {
    const row = UUID.test(workspaceId) ? await this.workspaces.visibleWithOutputs(accountId, workspaceId) : undefined;
    if (!row) throw notFound(workspaceId);
    const outputs: DealWorkspaceWithOutputsResult['outputs'] = {};
    for (const entry of row.outputs)
      (outputs[entry.taskType] ??= []).push({ toolName: entry.toolName, storedAt: new Date(entry.storedAt).toISOString(), output: entry.output });
    return { workspaceId: row.id, clientName: row.client_name, status: row.status, metadata: row.metadata, createdAt: row.created_at.toISOString(), outputs };
  }

  storeOutput(workspaceId: string, taskType: string, toolName: string, output: unknown): Promise<void> {
    return this.workspaces.insertOutput(workspaceId, taskType, toolName, output);
  }
}

function notFound(workspaceId: string): ResourceNotFoundException {
  return new ResourceNotFoundException(`Workspace ${workspaceId} was not found.`);
}
