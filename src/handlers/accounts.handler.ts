import type { operations } from '../generated/api';
import type { AccessServices } from '../http/access';
import type { CallContext, OperationHandler } from '../http/operation';
import { singlePage } from './outputs/list';
import { toApiAccount, toApiKey, toApiKeyWithSecret, toApiOAuthClient, toApiPlanChange } from './outputs/access.output';
import { type Caller, DomainError } from '../domain/shared';
import { CredentialActor, OAuthError } from '../domain/access';

type Handlers = {
  [
    K in
      | 'signUp'
      | 'listApiKeys'
      | 'createApiKey'
      | 'revokeApiKey'
      | 'rotateApiKey'
      | 'listOAuthClients'
      | 'createOAuthClient'
      | 'revokeOAuthClient'
      | 'issueAccessToken'
      | 'changeAccountPlan'
  ]: OperationHandler<operations[K]>;
};

/** The key or token managing credentials, with its mode and whether it is a rotated key in its grace period. */
function actorOf(call: CallContext): CredentialActor {
  const caller: Caller = call.caller;
  if (caller.kind !== 'account') throw new DomainError('unauthenticated', 'Authentication required.');
  return {
    accountId: caller.accountId,
    mode: caller.mode,
    expiring: caller.credential.type === 'api_key' && caller.credential.expiresAt !== null,
  };
}

/** client_secret_basic (RFC 6749 §2.3.1): form-urlencoded id and secret, base64 in the header. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError(
      'invalid_request',
      'The HTTP Basic credentials are not form-urlencoded (a bad percent-escape).',
    );
  }
}

export function accountHandlers(access: AccessServices): Handlers {
  const { accounts } = access;
  return {
    signUp: async ({ body }) => {
      const { account, key } = await accounts.signUp(body.email);
      return {
        status: 201,
        body: { account: toApiAccount(account), api_key: toApiKeyWithSecret(key, account.createdAt) },
      };
    },

    listApiKeys: async ({ call }) => {
      const keys = await accounts.listKeys(actorOf(call));
      return { status: 200, body: singlePage(keys.map((key) => toApiKey(key, call.receivedAt.getTime()))) };
    },

    createApiKey: async ({ body, call }) => {
      const actor = actorOf(call);
      const key = await accounts.createKey(actor, body.mode ?? actor.mode, body.name ?? null);
      return { status: 201, body: toApiKeyWithSecret(key, call.receivedAt.getTime()) };
    },

    revokeApiKey: async ({ params, call }) => {
      const key = await accounts.revokeKey(actorOf(call), params.key_id);
      return { status: 200, body: toApiKey(key, call.receivedAt.getTime()) };
    },

    rotateApiKey: async ({ params, body, call }) => {
      const { replacement, old } = await accounts.rotateKey(
        actorOf(call),
        params.key_id,
        body?.grace_period_seconds ?? 86400,
      );
      const now = call.receivedAt.getTime();
      return { status: 201, body: { api_key: toApiKeyWithSecret(replacement, now), rotated: toApiKey(old, now) } };
    },

    listOAuthClients: async ({ call }) => {
      const clients = await accounts.listClients(actorOf(call));
      return { status: 200, body: singlePage(clients.map(toApiOAuthClient)) };
    },

    createOAuthClient: async ({ body, call }) => {
      const { client, secret } = await accounts.createClient(actorOf(call), body.name ?? null, body.scopes);
      return { status: 201, body: { ...toApiOAuthClient(client), client_secret: secret } };
    },

    revokeOAuthClient: async ({ params, call }) => {
      const client = await accounts.revokeClient(actorOf(call), params.client_id);
      return { status: 200, body: toApiOAuthClient(client) };
    },

    issueAccessToken: async ({ body, call }) => {
      if (body.grant_type !== 'client_credentials')
        throw new OAuthError('unsupported_grant_type', 'Only the client_credentials grant is supported.');
      const basic = basicCredentials(call.header('authorization'));
      const clientId = basic?.id ?? body.client_id;
      const clientSecret = basic?.secret ?? body.client_secret;
      if (!clientId || !clientSecret)
        throw new OAuthError('invalid_request', 'Send the client id and secret with HTTP Basic or in the form body.');
      const scopes = body.scope === undefined ? null : body.scope.split(' ').filter(Boolean);
      const token = await accounts.issueToken(clientId, clientSecret, scopes);
      return {
        status: 200,
        headers: { 'Cache-Control': 'no-store' },
        body: {
          access_token: token.accessToken,
          token_type: 'Bearer',
          expires_in: token.expiresIn,
          scope: token.scopes.join(' '),
        },
      };
    },

    changeAccountPlan: async ({ body, call }) => {
      const change = await accounts.changePlan(
        body.email,
        body.plan,
        `admin-api@${call.clientIp}`,
        body.reason ?? null,
      );
      return { status: 201, body: toApiPlanChange(change) };
    },
  };
}
