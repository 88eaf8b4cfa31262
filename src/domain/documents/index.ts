/** The documents capability's public surface: code outside src/domain/documents imports it from here. */
export { detectDocumentType, detectStreamedDocumentType } from './content-type';
export { DocumentService } from './document.service';
export { maxDocumentBytes } from './limits';
export type { DocumentType, StoredDocument } from './model';
export type { DocumentStorage, DocumentStore, FileContent } from './ports';
