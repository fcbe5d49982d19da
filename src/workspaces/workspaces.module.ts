import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkspaceOutput } from './workspace-output.entity.js';
import { WorkspaceAccessInterceptor, WorkspaceOutputInterceptor } from './workspace.interceptors.js';
import { Workspace } from './workspace.entity.js';
import { WorkspaceTools } from './workspace.tools.js';
import { WorkspacesRepository } from './workspaces.repository.js';
import { WorkspacesService } from './workspaces.service.js';

/** Deal workspaces: their tools, and the interceptor that files every task output into them. */
@Module({
  imports: [TypeOrmModule.forFeature([Workspace, WorkspaceOutput])],
  providers: [WorkspacesService, WorkspacesRepository, WorkspaceTools, WorkspaceAccessInterceptor, WorkspaceOutputInterceptor],
  exports: [WorkspacesService],
})
export class WorkspacesModule {}
