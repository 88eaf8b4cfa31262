import { type Request, type Response, Router } from 'express';
import { HtsSearchError } from '../domain/classify';
import { htsDigits } from '../domain/hts';
import { DomainError, type FieldIssue } from '../domain/shared';
import type { components } from '../generated/api';
import { withDailyUse } from './daily-quota';
import type { Html } from './html';
import { htsSearchPage, type SearchOutcome, searchResults, type SearchState } from './pages/hts-search-page';
import type { FormState } from './pages/layout';
import { claimDefinitions, htsLineHint, tariffPage, transportModes } from './pages/tariff-page';
import { sendPage, withForm } from './responses';
import { visitorOf } from './visitor';
import type { WebServices } from './web-context';

type Schemas = components['schemas'];
type CalculationRequest = Schemas['TariffCalculationRequest'];

/** Calculate and AI search share the plan's daily tariff calls, on the page as in the API. */
const tariffCalls = 'tariff calculations and AI HTS searches (shared)';
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** The calculator's fields as typed (a form post or a link's query): claims ticked, or given a value, are made. */
function calculatorValues(source: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of calculatorFields) values[name] = text(source[name]);
  const ticked = new Set(listOf(source.claims));
  const made: string[] = [];
  for (const claim of claimDefinitions) {
    const typed = claim.takes === 'none' ? '' : text(source[`claim_${claim.code}`]);
    if (typed) values[`claim_${claim.code}`] = typed;
    if (ticked.has(claim.code) || typed) made.push(claim.code);
  }
  values.claims = made.join(',');
  return values;
}

const calculatorFields = [
  'hts_code',
  'country_code',
  'declared_value',
  'entry_date',
  'quantity',
  'quantity_unit',
  'mode',
];
const decimalText = /^\d+(\.\d+)?$/;

/**
 * The API's request body for the typed fields. Only what a JSON body's types would carry is checked
 * here (a number is a number); every rule (codes, countries, dates, claims) is the calculator's.
 */
function calculationRequest(values: Record<string, string>): CalculationRequest {
  const issues: FieldIssue[] = [];
  const number = (field: string, typed: string, what: string): number => {
    const plain = typed.replace(/[,$\s]/g, '');
    if (!decimalText.test(plain)) issues.push({ field, message: `must be ${what}` });
    return Number(plain);
  };
  if (!values.hts_code) issues.push({ field: 'hts_code', message: 'is required' });
  if (values.mode && !(transportModes as readonly string[]).includes(values.mode))
    issues.push({ field: 'mode', message: `must be one of ${transportModes.join(', ')}` });
  if (!values.country_code) issues.push({ field: 'country_code', message: 'choose the country the goods come from' });
  const declared = values.declared_value
    ? number('declared_value', values.declared_value, 'a number of US dollars, such as 12500.00')
    : (issues.push({ field: 'declared_value', message: 'is required' }), 0);
  const quantity = values.quantity ? number('quantity', values.quantity, 'a number') : null;
  if (quantity !== null && !values.quantity_unit)
    issues.push({ field: 'quantity_unit', message: 'is required with a quantity (kg, doz., No., liter…)' });
  const claims = values.claims
    .split(',')
    .filter(Boolean)
    .map((code): Schemas['TariffClaim'] => {
      const claim = claimDefinitions.find((c) => c.code === code)!;
      const typed = values[`claim_${code}`] ?? '';
      const made = { code: code as Schemas['TariffClaim']['code'] };
      if (claim.takes === 'none' || !typed) return made;
      if (claim.takes === 'text') return { ...made, text: typed };
      if (claim.takes === 'date') return { ...made, date: typed };
      return { ...made, value: number(`claim_${code}`, typed, 'a number') };
    });
  if (issues.length > 0) throw new DomainError('invalid_input', 'Check the fields marked below.', issues);
  return {
    hts_code: values.hts_code,
    country_code: values.country_code,
    declared_value: declared,
    ...(values.entry_date ? { entry_date: values.entry_date } : {}),
    ...(quantity !== null ? { quantity: { value: quantity, unit: values.quantity_unit } } : {}),
    ...(values.mode ? { mode: values.mode as Schemas['TransportMode'] } : {}),
    ...(claims.length > 0 ? { claims } : {}),
    store: false,
  };
}

/** The calculator names a claim's field by its place in the list (claims/0/value), the form by its code; its one quantity is the form's. */
function formFieldOf(field: string, request: CalculationRequest): string {
  if (field.startsWith('quantities/')) return field.endsWith('/unit') ? 'quantity_unit' : 'quantity';
  const at = /^claims\/(\d+)/.exec(field);
  if (!at || !Array.isArray(request.claims)) return field;
  const claim = request.claims[Number(at[1])];
  return claim ? `claim_${claim.code}` : 'claims';
}

/** A refused calculation or search: the problem's own words, and the fields it names. */
function refusedState(error: DomainError, values: Record<string, string>, request?: CalculationRequest): FormState {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[request ? formFieldOf(issue.field, request) : issue.field] = issue.message.replace(/\.$/, '');
  return { values, fields, error: error.message };
}

/** The tariff tools on the API's calculator, HTS lookup and AI search, and on its daily limits. */
export function tariffRoutes(web: WebServices): Router {
  const router = Router();
  const today = () => web.clock.now().toISOString().slice(0, 10);

  /** The line a typed number names, as GET /api/tariff/hts/{code} finds it (and counts it); null until it is a number. */
  async function lookUp(res: Response, code: string, date: string): Promise<Html> {
    if (htsDigits(code) === null) return htsLineHint(null);
    try {
      const found = await withDailyUse(
        web,
        visitorOf(res).signedIn!,
        { operation: 'getHtsLine', what: 'HTS line lookups' },
        async () => {
          const lookup = await web.tariff.lookup(code, date);
          // A lookup that finds nothing is a refused call, so it uses none.
          if (!lookup.found) throw new DomainError('not_found', lookup.message);
          return lookup;
        },
      );
      return htsLineHint(found);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return htsLineHint({ found: false, message: error.message });
    }
  }

  router.get('/tools/tariff', async (req, res) => {
    const values = calculatorValues(req.query as Record<string, unknown>);
    const hint = values.hts_code ? await lookUp(res, values.hts_code, values.entry_date || today()) : htsLineHint(null);
    sendPage(res, tariffPage(visitorOf(res), { values, fields: {} }, null, hint));
  });

  router.get('/tools/tariff/hts-line', async (req, res) => {
    const code = text(req.query.hts_code);
    const date = text(req.query.entry_date);
    sendPage(res, await lookUp(res, code, /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today()));
  });

  router.post('/tools/tariff', async (req, res) => {
    const visitor = visitorOf(res);
    const values = calculatorValues(req.body as Record<string, unknown>);
    let request: CalculationRequest | undefined;
    await withForm(
      res,
      async () => {
        request = calculationRequest(values);
        const { store: _store, ...sent } = request;
        if (!web.tariff.ready()) throw new DomainError('busy', 'The duty rules are still loading; retry shortly.');
        const forms = await withDailyUse(
          web,
          visitor.signedIn!,
          { operation: 'calculateTariff', what: tariffCalls, sample: sent },
          (remaining) =>
            web.tariff.calculate(
              request!,
              today(),
              Number.isFinite(remaining) ? remaining : web.tariff.unlimitedRemaining,
            ),
        );
        sendPage(res, tariffPage(visitor, { values, fields: {} }, { request: sent, ...forms }, null));
      },
      (error) => tariffPage(visitor, refusedState(error, values, request), null, null),
    );
  });

  router.get('/tools/hts-search', (req, res) =>
    sendPage(res, htsSearchPage(visitorOf(res), { query: text(req.query.query), context: {} }, null)),
  );

  router.post('/tools/hts-search', async (req, res) => {
    const visitor = visitorOf(res);
    const body = req.body as Record<string, unknown>;
    const state: SearchState = { query: text(body.query), context: contextOf(body) };
    await withForm(
      res,
      async () => {
        if (state.query.length < 2 || state.query.length > 1000)
          throw new DomainError('invalid_input', 'Describe the product in 2 to 1000 characters.', [
            { field: 'query', message: 'must be 2 to 1000 characters' },
          ]);
        const found = await withDailyUse(
          web,
          visitor.signedIn!,
          { operation: 'searchHtsCodes', what: tariffCalls, sample: { query: state.query } },
          (remaining) => searchOrRefuse(state, remaining),
        );
        sendPage(res, isHtmx(req) ? searchResults(visitor, state, found) : htsSearchPage(visitor, state, found));
      },
      (error) => {
        const form = refusedState(error, { query: state.query });
        return isHtmx(req) ? searchResults(visitor, state, null, form) : htsSearchPage(visitor, state, null, form);
      },
    );
  });

  async function searchOrRefuse(state: SearchState, remaining: number): Promise<SearchOutcome> {
    const limited = Number.isFinite(remaining);
    try {
      const result = await web.tariff.search(
        { query: state.query, context: state.context },
        web.clock.now(),
        limited ? remaining : web.tariff.unlimitedRemaining,
      );
      return { result, left: limited ? remaining : null };
    } catch (error) {
      if (!(error instanceof HtsSearchError)) throw error;
      if (error.reason === 'no_release')
        throw new DomainError('busy', 'The HTS is still being imported; retry shortly.');
      throw new DomainError('unprocessable', error.message, [{ field: 'query', message: error.message }]);
    }
  }
  return router;
}

const isHtmx = (req: Request): boolean => req.headers['hx-request'] === 'true';

/** The answers given so far (hidden `context` fields) and the one just clicked (`answer`), each "attribute=value". */
function contextOf(body: Record<string, unknown>): Record<string, string> {
  const context: Record<string, string> = {};
  for (const pair of [...listOf(body.context), ...listOf(body.answer)]) {
    const at = pair.indexOf('=');
    if (at > 0 && Object.keys(context).length < 10) context[pair.slice(0, at)] = pair.slice(at + 1, at + 41);
  }
  return context;
}
