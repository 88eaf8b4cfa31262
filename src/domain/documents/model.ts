export type DocumentType =
  | 'commercial_invoice'
  | 'packing_list'
  | 'bill_of_lading'
  | 'arrival_notice'
  | 'certificate_of_origin'
  | 'customs_entry'
  | 'other';

export interface StoredDocument {
  id: string;
  accountId: string;
  livemode: boolean;
  type: DocumentType;
  shipmentId: string | null;
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  /** Where the bytes are in the document storage. */
  storageKey: string;
  createdAt: number;
  updatedAt: number;
}
