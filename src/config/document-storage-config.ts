import path from 'node:path';
import { boolean, ConfigError, Env, oneOf } from './config';
import { projectRoot } from './paths';

export interface S3StorageConfig {
  bucket: string;
  /** Any S3-compatible server (MinIO, Ceph, R2…); AWS when unset. */
  endpoint: string | null;
  region: string;
  /** Bucket in the path rather than the host name (most self-hosted servers want this). */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can serve several deployments. */
  prefix: string;
}

/** Where uploaded documents are kept: a local directory (default var/documents) or an S3-compatible bucket. */
export type DocumentStorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageConfig);

export function loadDocumentStorageConfig(env: Env = process.env): DocumentStorageConfig {
  const kind = oneOf(env, 'DOCUMENT_STORAGE', 'local', ['local', 's3'] as const);
  if (kind === 'local') return { kind, dir: env.DOCUMENT_STORAGE_DIR || path.join(projectRoot, 'var', 'documents') };
  const bucket = env.DOCUMENT_S3_BUCKET;
  if (!bucket) throw new ConfigError('DOCUMENT_S3_BUCKET is required when DOCUMENT_STORAGE=s3');
  return {
    kind,
    bucket,
    endpoint: env.DOCUMENT_S3_ENDPOINT || null,
    region: env.DOCUMENT_S3_REGION || 'us-east-1',
    forcePathStyle: boolean(env, 'DOCUMENT_S3_FORCE_PATH_STYLE', Boolean(env.DOCUMENT_S3_ENDPOINT)),
    prefix: env.DOCUMENT_S3_PREFIX ?? '',
  };
}
