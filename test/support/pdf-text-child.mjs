/* global process, Buffer */
// Prints the text of the PDF read from stdin (pdf-parse). Run as its own Node process: pdf.js loads
// its worker with a dynamic import, which jest's module sandbox does not allow.
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
const result = await parser.getText();
await parser.destroy();
process.stdout.write(result.text);
