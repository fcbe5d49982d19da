import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type WorkspaceStatus = 'ACTIVE';

/** One deal: collects the outputs of every tool called with its id (SERVICE-SPEC 2.9). */
@Entity({ name: 'workspaces' })
export class Workspace {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'client_name', type: 'text' })
  clientName: string;

  @Column({ type: 'text', default: 'ACTIVE' })
  status: WorkspaceStatus;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
