import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import type { DealWorkspaceResult, DealWorkspaceWithOutputsResult } from './dto/workspace.dto.js';
import { Workspace } from './workspace.entity.js';
import { Sql } from '../database/sql.js';
import { sharingAccountsSql } from '../firms/firms.service.js';

const METADATA_MAX_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deal workspaces of one account, visible to the members of its firm; anyone else's id is
 * indistinguishable from a missing one.
 */
@Injectable()
export class WorkspacesService {
  constructor(
    @InjectRepository(Workspace) private readonly workspaces: Repository<Workspace>,
    private readonly sql: Sql,
  ) {}

  async create(accountId: string, clientName: string, metadata: Record<string, unknown> = {}): Promise<DealWorkspaceResult> {
    if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) throw new InvalidInputException(`metadata must be at most ${METADATA_MAX_BYTES} bytes as JSON.`);
    const workspace = await this.workspaces.save(this.workspaces.create({ accountId, clientName: clientName.trim(), metadata }));
    return summary(workspace);
  }

  /** The name of a workspace the account may see, or NOT_FOUND (the upload page shows it). */
  async nameOf(accountId: string, workspaceId: string): Promise<string> {
    const [row] = UUID.test(workspaceId)
      ? await this.sql.query<{ client_name: string }>(`SELECT client_name FROM workspaces WHERE id = $1 AND account_id IN ${sharingAccountsSql('$2')}`, [workspaceId, accountId])
      : [];
    if (!row) throw notFound(workspaceId);
    return row.client_name;
  }

  /**
   * Checks ownership only, on every tool call that names a workspace: one indexed lookup, sent as
   * plain SQL because this is the hottest query of the service.
   */
  async assertOwned(accountId: string, workspaceId: string): Promise<void> {
    const rows = UUID.test(workspaceId) ? await this.sql.query(`SELECT 1 FROM workspaces WHERE id = $1 AND account_id IN ${sharingAccountsSql('$2')}`, [workspaceId, accountId]) : [];
    if (rows.length === 0) throw notFound(workspaceId);
  }

  /** The workspace and all its outputs in one round trip (get_deal_workspace). */
  async withOutputs(accountId: string, workspaceId: string): Promise<DealWorkspaceWithOutputsResult> {
    if (!UUID.test(workspaceId)) throw notFound(workspaceId);
    const [row] = (await this.sql.query(
      `SELECT w.id, w.client_name, w.status, w.metadata, w.created_at,
              coalesce(json_agg(json_build_object('taskType', o.task_type, 'toolName', o.tool_name, 'storedAt', o.created_at, 'output', o.output) ORDER BY o.created_at DESC)
                       FILTER (WHERE o.id IS NOT NULL), '[]') AS outputs
         FROM workspaces w LEFT JOIN workspace_outputs o ON o.workspace_id = w.id
        WHERE w.id = $1 AND w.account_id IN ${sharingAccountsSql('$2')}
        GROUP BY w.id`,
      [workspaceId, accountId],
    )) as { id: string; client_name: string; status: 'ACTIVE'; metadata: Record<string, unknown>; created_at: Date; outputs: { taskType: string; toolName: string; storedAt: string; output: unknown }[] }[];
    if (!row) throw notFound(workspaceId);
    const outputs: DealWorkspaceWithOutputsResult['outputs'] = {};
    for (const entry of row.outputs) (outputs[entry.taskType] ??= []).push({ toolName: entry.toolName, storedAt: new Date(entry.storedAt).toISOString(), output: entry.output });
    return { workspaceId: row.id, clientName: row.client_name, status: row.status, metadata: row.metadata, createdAt: row.created_at.toISOString(), outputs };
  }

  async storeOutput(workspaceId: string, taskType: string, toolName: string, output: unknown): Promise<void> {
    await this.sql.query('INSERT INTO workspace_outputs (workspace_id, task_type, tool_name, output) VALUES ($1, $2, $3, $4)', [workspaceId, taskType, toolName, JSON.stringify(output)]);
  }
}

function notFound(workspaceId: string): ResourceNotFoundException {
  return new ResourceNotFoundException(`Workspace ${workspaceId} was not found.`);
}

function summary(workspace: Workspace): DealWorkspaceResult {
  return { workspaceId: workspace.id, clientName: workspace.clientName, status: workspace.status, metadata: workspace.metadata, createdAt: workspace.createdAt.toISOString() };
}
