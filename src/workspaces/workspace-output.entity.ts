import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The result of one tool call made with a workspaceId, kept under its task type. */
@Entity({ name: 'workspace_outputs' })
export class WorkspaceOutput {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId: string;

  @Column({ name: 'task_type', type: 'text' })
  taskType: string;

  @Column({ name: 'tool_name', type: 'text' })
  toolName: string;

  @Column({ type: 'jsonb' })
  output: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
