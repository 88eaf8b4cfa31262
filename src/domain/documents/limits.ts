/** The largest document accepted: 20 MiB. */
export const maxDocumentBytes = 20 * 1024 * 1024;
