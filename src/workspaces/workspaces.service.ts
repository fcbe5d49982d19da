import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import type { DealWorkspaceResult, DealWorkspaceWithOutputsResult } from './dto/workspace.dto.js';
import { WorkspaceOutput } from './workspace-output.entity.js';
import { Workspace } from './workspace.entity.js';

const METADATA_MAX_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deal workspaces of one account each; another account's id is indistinguishable from a missing one. */
@Injectable()
export class WorkspacesService {
  constructor(
    @InjectRepository(Workspace) private readonly workspaces: Repository<Workspace>,
    @InjectRepository(WorkspaceOutput) private readonly outputs: Repository<WorkspaceOutput>,
  ) {}

  async create(accountId: string, clientName: string, metadata: Record<string, unknown> = {}): Promise<DealWorkspaceResult> {
    if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) throw new InvalidInputException(`metadata must be at most ${METADATA_MAX_BYTES} bytes as JSON.`);
    const workspace = await this.workspaces.save(this.workspaces.create({ accountId, clientName: clientName.trim(), metadata }));
    return summary(workspace);
  }

  /** The caller's workspace, or NOT_FOUND: the same answer for a missing id and another account's. */
  async requireOwned(accountId: string, workspaceId: string): Promise<Workspace> {
    const workspace = UUID.test(workspaceId) ? await this.workspaces.findOneBy({ id: workspaceId, accountId }) : null;
    if (!workspace) throw new ResourceNotFoundException(`Workspace ${workspaceId} was not found.`);
    return workspace;
  }

  async withOutputs(accountId: string, workspaceId: string): Promise<DealWorkspaceWithOutputsResult> {
    const workspace = await this.requireOwned(accountId, workspaceId);
    const stored = await this.outputs.find({ where: { workspaceId: workspace.id }, order: { createdAt: 'DESC' } });
    const outputs: DealWorkspaceWithOutputsResult['outputs'] = {};
    for (const entry of stored) (outputs[entry.taskType] ??= []).push({ toolName: entry.toolName, storedAt: entry.createdAt.toISOString(), output: entry.output });
    return { ...summary(workspace), outputs };
  }

  async storeOutput(workspaceId: string, taskType: string, toolName: string, output: unknown): Promise<void> {
    await this.outputs.insert({ workspaceId, taskType, toolName, output: output as object });
  }
}

function summary(workspace: Workspace): DealWorkspaceResult {
  return { workspaceId: workspace.id, clientName: workspace.clientName, status: workspace.status, metadata: workspace.metadata, createdAt: workspace.createdAt.toISOString() };
}
