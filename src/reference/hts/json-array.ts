const [openBracket, closeBracket, openBrace, closeBrace, comma, quote, backslash] = [
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  '\\',
].map((c) => c.charCodeAt(0));

/**
 * The elements of a top-level JSON array, each parsed on its own by JSON.parse, giving way between
 * them: parsed in one piece, a 10 MB export held the event loop for about a quarter of a second.
 * The scan finds the array's own commas (outside strings and nested values); an element that is not
 * JSON, text after the closing bracket or a missing one (a truncated file) throws a SyntaxError as
 * JSON.parse of the whole would. Null when the text is not an array.
 */
export async function parseJsonArray(source: string, giveWay: () => Promise<void>): Promise<unknown[] | null> {
  const at = source.length - source.trimStart().length;
  if (source.charCodeAt(at) !== openBracket) return null;
  const elements: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = at + 1;
  for (let i = at; i < source.length; i += 1) {
    const c = source.charCodeAt(i);
    if (inString) {
      if (c === backslash) i += 1;
      else if (c === quote) inString = false;
      continue;
    }
    if (c === quote) inString = true;
    else if (c === openBracket || c === openBrace) depth += 1;
    else if (c === closeBracket || c === closeBrace) depth -= 1;
    if ((c === comma && depth === 1) || ((c === closeBracket || c === closeBrace) && depth === 0)) {
      if (c === closeBrace) throw new SyntaxError(`Unexpected token } at position ${i}`);
      // `[]` and `[ ]` hold no element; any other text between the array's commas is one.
      if (c === comma || elements.length > 0 || source.slice(start, i).trim() !== '') {
        elements.push(JSON.parse(source.slice(start, i)));
        await giveWay();
      }
      start = i + 1;
      if (depth === 0) {
        if (source.slice(start).trim() !== '')
          throw new SyntaxError(`Unexpected text after the array at position ${start}`);
        return elements;
      }
    }
  }
  throw new SyntaxError('Unexpected end of JSON input: the array is not closed');
}
