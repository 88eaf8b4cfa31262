import type { Express } from 'express';
import request from 'supertest';

/**
 * A browser's part in a page exchange, for supertest: keeps the cookies it is given (whatever
 * their Secure flag, as a browser does for localhost) and reads the CSRF token of the last page.
 */
export class WebBrowser {
  readonly cookies = new Map<string, string>();
  lastPage = '';

  constructor(
    private readonly app: Express,
    private readonly ip = '192.0.2.10',
  ) {}

  private keep(res: request.Response): request.Response {
    const set = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    for (const line of set) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (typeof res.text === 'string' && res.text.includes('name="_csrf"')) this.lastPage = res.text;
    return res;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The CSRF token the last page's forms carry. */
  csrf(): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(this.lastPage);
    if (!match) throw new Error('no CSRF field on the last page');
    return match[1];
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<request.Response> {
    return this.keep(
      await request(this.app).get(path).set('Cookie', this.cookieHeader()).set('X-Forwarded-For', this.ip).set(headers),
    );
  }

  /** Posts a form as the page would (with its CSRF token unless `_csrf` is given, even as ''); a list is a repeated field. */
  async post(
    path: string,
    form: Record<string, string | string[]>,
    headers: Record<string, string> = {},
  ): Promise<request.Response> {
    const body = new URLSearchParams();
    if (form._csrf === undefined) body.append('_csrf', this.csrf());
    for (const [name, value] of Object.entries(form))
      for (const one of ([] as string[]).concat(value)) if (!(name === '_csrf' && one === '')) body.append(name, one);
    return this.keep(
      await request(this.app)
        .post(path)
        .set('Cookie', this.cookieHeader())
        .set('X-Forwarded-For', this.ip)
        .set(headers)
        .type('form')
        .send(body.toString()),
    );
  }

  /** Posts a multipart form with a file, as a form with enctype="multipart/form-data" sends it (its CSRF token first). */
  async upload(path: string, fields: Record<string, string>, file: FormFile | null): Promise<request.Response> {
    let call = request(this.app).post(path).set('Cookie', this.cookieHeader()).set('X-Forwarded-For', this.ip);
    const all = fields._csrf === undefined ? { _csrf: this.csrf(), ...fields } : fields;
    for (const [name, value] of Object.entries(all)) if (value !== '') call = call.field(name, value);
    if (file) call = call.attach(file.field, file.content, { filename: file.name, contentType: file.type });
    return this.keep(await call);
  }
}

/** A file of a multipart form post. */
export interface FormFile {
  field: string;
  name: string;
  content: Buffer;
  type: string;
}

/** A new person signed up, verified by the emailed link and signed in through the pages: the browser holds the session; the first key is the one sign-up showed. */
export async function signedInBrowser(
  app: Express,
  sink: { linkFor(email: string, path: string): Promise<string> },
  email: string,
  ip?: string,
  password = 'correct horse battery',
): Promise<{ browser: WebBrowser; firstKey: string }> {
  const browser = new WebBrowser(app, ip);
  await browser.get('/signup');
  const signedUp = await browser.post('/signup', { email, password });
  if (signedUp.status !== 201) throw new Error(`sign-up answered ${signedUp.status}`);
  const firstKey = /<code id="first-key">([^<]+)<\/code>/.exec(signedUp.text)?.[1];
  if (!firstKey) throw new Error('sign-up showed no key');
  const link = new URL(await sink.linkFor(email, '/verify-email'));
  await browser.get(link.pathname + link.search);
  await browser.get('/login');
  const signedIn = await browser.post('/login', { email, password });
  if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);
  return { browser, firstKey };
}
