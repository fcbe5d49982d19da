import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Sql } from '../database/sql.js';
import { Workspace } from './workspace.entity.js';

/** A workspace with every output stored in it, as `withOutputs` reads it. */
export interface WorkspaceWithOutputsRow {
  id: string;
  client_name: string;
  status: 'ACTIVE';
  metadata: Record<string, unknown>;
  created_at: Date;
  outputs: { taskType: string; toolName: string; storedAt: string; output: unknown }[];
}

/**
 * Workspaces and their outputs. "Visible to an account" means owned by one of its
 * `shared_accounts` (the firms module's published view: itself and its firm's members). The
 * lookups run on every tool call that names a workspace, so they are plain SQL on the pool.
 */
@Injectable()
export class WorkspacesRepository {
  constructor(
    @InjectRepository(Workspace) private readonly workspaces: Repository<Workspace>,
    private readonly sql: Sql,
  ) {}

  insert(workspace: Pick<Workspace, 'accountId' | 'clientName' | 'metadata'>): Promise<Workspace> {
    return this.workspaces.save(this.workspaces.create(workspace));
  }

  /** The client name of a workspace the account may see; undefined otherwise. */
  async visibleName(accountId: string, workspaceId: string): Promise<string | undefined> {
    const [row] = await this.sql.query<{ client_name: string }>(
      'SELECT client_name FROM workspaces WHERE id = $1 AND account_id IN (SELECT shared_account_id FROM shared_accounts WHERE account_id = $2)',
      [workspaceId, accountId],
    );
    return row?.client_name;
  }

  /** One indexed lookup: the hottest query of the service. */
  async isVisible(accountId: string, workspaceId: string): Promise<boolean> {
    const rows = await this.sql.query(
      'SELECT 1 FROM workspaces WHERE id = $1 AND account_id IN (SELECT shared_account_id FROM shared_accounts WHERE account_id = $2)',
      [workspaceId, accountId],
    );
    return rows.length > 0;
  }

  /** The workspace and all its outputs, newest first, in one round trip. */
  async visibleWithOutputs(accountId: string, workspaceId: string): Promise<WorkspaceWithOutputsRow | undefined> {
    const [row] = await this.sql.query<WorkspaceWithOutputsRow>(
      `SELECT w.id, w.client_name, w.status, w.metadata, w.created_at,
              coalesce(json_agg(json_build_object('taskType', o.task_type, 'toolName', o.tool_name, 'storedAt', o.created_at, 'output', o.output) ORDER BY o.created_at DESC)
                       FILTER (WHERE o.id IS NOT NULL), '[]') AS outputs
         FROM workspaces w LEFT JOIN workspace_outputs o ON o.workspace_id = w.id
        WHERE w.id = $1 AND w.account_id IN (SELECT shared_account_id FROM shared_accounts WHERE account_id = $2)
        GROUP BY w.id`,
      [workspaceId, accountId],
    );
    return row;
  }

  async insertOutput(workspaceId: string, taskType: string, toolName: string, output: unknown): Promise<void> {
    await this.sql.query('INSERT INTO workspace_outputs (workspace_id, task_type, tool_name, output) VALUES ($1, $2, $3, $4)', [
      workspaceId,
      taskType,
      toolName,
      JSON.stringify(output),
    ]);
  }
}
