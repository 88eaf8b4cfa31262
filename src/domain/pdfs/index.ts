export { PdfRenderer } from './pdf-renderer';
