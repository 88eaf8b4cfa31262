/**
 * The one HTTP call shape every carrier transport uses: POST, JSON or form body, JSON answer, an
 * abort signal carrying the caller's deadline. Non-2xx answers become CarrierHttpError with the
 * carrier's body kept for its error parser.
 */
export class CarrierHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'CarrierHttpError';
  }
}

export interface CarrierPost {
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  signal: AbortSignal;
}

export async function postToCarrier(request: CarrierPost): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const response = await fetch(request.url, { method: 'POST', headers, body, signal: request.signal });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the raw text: some gateways answer HTML on errors
  }
  if (!response.ok)
    throw new CarrierHttpError(
      response.status,
      parsed,
      `HTTP ${response.status} from ${new URL(request.url).pathname}`,
    );
  return parsed;
}
