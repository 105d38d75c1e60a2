// oidc-provider ships no TypeScript types and this lane adds no @types package: the few parts the
// test helper uses, typed loosely. Its API is documented at https://github.com/panva/node-oidc-provider/tree/v9.x/docs
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }

  export interface ProviderGrant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantClass {
    new (fields: { clientId: string; accountId: string }): ProviderGrant;
    find(id: string): Promise<ProviderGrant | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: any[]) => void): this;
    Grant: GrantClass;
  }
}
