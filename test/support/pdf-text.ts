import { execFile } from 'node:child_process';
import path from 'node:path';

/** The text of a PDF as a PDF parser reads it back (pdf-parse, in a child Node process). */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(__dirname, 'pdf-text-child.mjs')],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pdf-parse failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(pdf);
  });
}
