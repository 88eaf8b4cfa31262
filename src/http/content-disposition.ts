/** RFC 6266 attachment: an ASCII fallback name (no quote or backslash to end it early) plus the UTF-8 name (RFC 8187). */
export const attachmentDisposition = (filename: string): string =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
