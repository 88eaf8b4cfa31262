import Decimal from 'decimal.js';
import { DomainError, type FieldIssue } from '../domain/shared';
import { parseClaimsCell, type SimulationProduct, type SimulationScenario } from '../domain/tariff';
import { maxScenarios, scenarioFields } from './pages/simulator-page';
import { transportModes } from './pages/tariff-page';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const decimalText = /^\d+(\.\d+)?$/;

/** The simulator's fields as typed. */
export function simulatorValues(body: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ['hts_code', 'declared_value', 'mode']) values[name] = text(body[name]);
  for (let row = 0; row < maxScenarios; row++)
    for (const name of scenarioFields) values[`s${row}_${name}`] = text(body[`s${row}_${name}`]);
  return values;
}

export interface SimulationForm {
  product: SimulationProduct;
  scenarios: SimulationScenario[];
  /** The form's row of each scenario, to name the field a refusal points at. */
  rows: number[];
}

/**
 * The domain's inputs for the typed fields, as the API's handler maps its body. Only what a JSON
 * body's types would carry is checked here; every rule (codes, countries, dates, claims) is the calculator's.
 */
export function simulationForm(values: Record<string, string>): SimulationForm {
  const issues: FieldIssue[] = [];
  if (!values.hts_code) issues.push({ field: 'hts_code', message: 'is required' });
  const declared = values.declared_value.replace(/[,$\s]/g, '');
  if (!decimalText.test(declared) || Number(declared) <= 0)
    issues.push({ field: 'declared_value', message: 'must be a number of US dollars above 0, such as 12500.00' });
  if (values.mode && !(transportModes as readonly string[]).includes(values.mode))
    issues.push({ field: 'mode', message: `must be one of ${transportModes.join(', ')}` });
  const scenarios: SimulationScenario[] = [];
  const rows: number[] = [];
  for (let row = 0; row < maxScenarios; row++) {
    const at = (name: string) => values[`s${row}_${name}`] ?? '';
    if (!at('country_code') && !at('entry_date') && !at('claims') && !at('label')) continue;
    if (!at('country_code')) issues.push({ field: `s${row}_country_code`, message: 'is required' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(at('entry_date')))
      issues.push({ field: `s${row}_entry_date`, message: 'must be a date YYYY-MM-DD' });
    let claims: SimulationScenario['claims'] = [];
    try {
      claims = parseClaimsCell(at('claims'));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      issues.push({ field: `s${row}_claims`, message: error.message });
    }
    scenarios.push({
      label: at('label') || null,
      countryCode: at('country_code').toUpperCase(),
      entryDate: at('entry_date'),
      claims,
    });
    rows.push(row);
  }
  if (scenarios.length === 0) issues.push({ field: 's0_country_code', message: 'give at least one scenario' });
  if (issues.length > 0) throw new DomainError('invalid_input', 'Check the fields marked below.', issues);
  return {
    product: {
      htsCode: values.hts_code,
      declaredValue: new Decimal(declared),
      quantities: [],
      mode: (values.mode || undefined) as SimulationProduct['mode'],
    },
    scenarios,
    rows,
  };
}

/** The calculator names a scenario's field by its place in the list (scenarios/1/country_code), the form by its row. */
export function simulatorFieldOf(field: string, rows: number[]): string {
  const at = /^scenarios\/(\d+)\/([a-z_]+)/.exec(field);
  if (!at) return field;
  const name = at[2] === 'claims' || at[2].startsWith('claims') ? 'claims' : at[2];
  return `s${rows[Number(at[1])] ?? 0}_${name}`;
}
