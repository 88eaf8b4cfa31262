/** The access capability's public surface: code outside src/domain/access imports it from here. */
export {
  AccountService,
  type CredentialActor,
  type IssuedKey,
  keyStatus,
  type KeyStatus,
  OAuthError,
} from './account.service';
export { type BucketUsage, dailyUsage } from './daily-usage';
export { type Entitlement, Entitlements } from './entitlements';
export type {
  Account,
  AccountStore,
  ApiKeyRecord,
  IdempotencyBegin,
  IdempotencyBeginOptions,
  IdempotencyStore,
  OAuthClientRecord,
  OAuthTokenRecord,
  PlanChangeRecord,
  QuotaCounterStore,
  StoredResponse,
} from './ports';
export { isCounted, QuotaService, type QuotaState } from './quota.service';
export { sameDigest, sha256Hex } from './secrets';
export { isTestModeSample } from './test-mode-samples';
