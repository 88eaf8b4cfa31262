import type { components } from '../../generated/api';
import { isoTime } from './time';
import type { StoredDocument } from '../../domain/documents';

export function toApiDocument(document: StoredDocument): components['schemas']['Document'] {
  return {
    id: document.id,
    object: 'document',
    livemode: document.livemode,
    type: document.type,
    shipment_id: document.shipmentId,
    filename: document.filename,
    content_type: document.contentType,
    size_bytes: document.sizeBytes,
    sha256: document.sha256,
    created_at: isoTime(document.createdAt),
    updated_at: isoTime(document.updatedAt),
  };
}
