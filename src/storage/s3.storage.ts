import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config/document-storage-config';
import type { DocumentStorage, FileContent } from '../domain/documents';

/**
 * Documents in S3-compatible object storage with the AWS SDK. A PutObject is atomic: an object is
 * visible whole or not at all. Credentials come from the SDK's usual chain (environment, profile, role).
 */
export class S3Storage implements DocumentStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, content: FileContent, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.config.prefix + key,
        // Streamed: the SDK needs the length of a body it cannot measure.
        Body: content.open(),
        ContentLength: content.size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.config.prefix + key }),
    );
    return Buffer.from(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.config.prefix + key }));
  }
}
