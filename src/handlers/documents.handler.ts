import fs from 'node:fs';
import { attachmentDisposition } from '../http/content-disposition';
import type { operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import { toApiDocument } from './outputs/document.output';
import { listResponse } from './outputs/list';
import { accountScopeOf } from '../http/caller-scope';
import type { DocumentService } from '../domain/documents';
import { DomainError } from '../domain/shared';

type DocumentOperation = 'listDocuments' | 'uploadDocument' | 'getDocument' | 'deleteDocument' | 'getDocumentContent';

const documentsPath = '/api/documents';

export function documentHandlers(documents: DocumentService): {
  [K in DocumentOperation]: OperationHandler<operations[K]>;
} {
  return {
    listDocuments: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await documents.list(
        accountScopeOf(call),
        { shipmentId: query.shipment_id, type: query.type },
        limit,
        query.cursor ?? null,
      );
      return {
        status: 200,
        ...listResponse(page, toApiDocument, documentsPath, {
          limit,
          shipment_id: query.shipment_id,
          type: query.type,
        }),
      };
    },
    uploadDocument: async ({ body, call }) => {
      const file = call.files.find((f) => f.field === 'file');
      if (!file)
        throw new DomainError('invalid_input', 'Send the document as the multipart part named file.', [
          { field: 'file', message: 'a file part is required' },
        ]);
      const document = await documents.upload(accountScopeOf(call), {
        filename: file.originalName,
        content: { size: file.size, sha256: file.sha256, open: () => fs.createReadStream(file.path) },
        type: body.type,
        shipmentId: body.shipment_id ?? null,
      });
      return { status: 201, headers: { Location: `${documentsPath}/${document.id}` }, body: toApiDocument(document) };
    },
    getDocument: async ({ params, call }) => ({
      status: 200,
      body: toApiDocument(await documents.get(accountScopeOf(call), params.document_id)),
    }),
    deleteDocument: async ({ params, call }) => {
      await documents.delete(accountScopeOf(call), params.document_id);
      return { status: 204, body: undefined };
    },
    getDocumentContent: async ({ params, call }) => {
      const { document, data } = await documents.content(accountScopeOf(call), params.document_id);
      return {
        status: 200,
        contentType: document.contentType,
        headers: {
          'Content-Disposition': attachmentDisposition(document.filename),
          'X-Content-SHA256': document.sha256,
        },
        // The adapter sends a Buffer as it is; the generated type names binary bodies as strings.
        body: data as unknown as string,
      };
    },
  };
}
