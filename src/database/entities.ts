import { Account } from '../accounts/account.entity.js';
import { User } from '../accounts/user.entity.js';
import { WebSession } from '../accounts/web-session.entity.js';
import { DocumentPage } from '../documents/document-page.entity.js';
import { Document } from '../documents/document.entity.js';
import { UploadForm } from '../documents/upload-form.entity.js';
import { AuthorizationCode } from '../oauth/entities/authorization-code.entity.js';
import { OAuthClient } from '../oauth/entities/oauth-client.entity.js';
import { RefreshToken } from '../oauth/entities/refresh-token.entity.js';
import { SigningKey } from '../oauth/entities/signing-key.entity.js';
import { TokenFamily } from '../oauth/entities/token-family.entity.js';
import { WorkspaceOutput } from '../workspaces/workspace-output.entity.js';
import { Workspace } from '../workspaces/workspace.entity.js';

/**
 * Every entity the service persists, listed explicitly rather than globbed so that the compiled
 * service, the jest runs (TypeScript sources) and the TypeORM CLI load exactly the same set.
 * Each domain module adds its entities here when it lands.
 */
export const ENTITIES: (new () => object)[] = [
  Account,
  User,
  WebSession,
  OAuthClient,
  AuthorizationCode,
  TokenFamily,
  RefreshToken,
  SigningKey,
  Workspace,
  WorkspaceOutput,
  Document,
  DocumentPage,
  UploadForm,
];
