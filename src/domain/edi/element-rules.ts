import type { EdiIssue } from './errors';
import { type EdiSegment, elementName, elementValue } from './segments';

/** What the standard says of one element (or one component of a composite) of a segment. */
export interface ElementRule {
  /** Element number, from 1. */
  n: number;
  /** Component number, from 1, for a component of a composite. */
  c?: number;
  required?: boolean;
  min?: number;
  max?: number;
  /** The characters allowed, e.g. digits only; said in `format` when broken. */
  pattern?: RegExp;
  format?: string;
  /** The rule a value not matching `pattern` breaks: a date or a time is said as such. */
  breaks?: 'format' | 'date' | 'time';
  codes?: readonly string[];
}

export const digits = { pattern: /^\d+$/, format: 'digits only' } as const;
export const yymmdd = {
  pattern: /^\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/,
  format: 'a date YYMMDD',
  breaks: 'date',
} as const;
export const ccyymmdd = {
  pattern: /^\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/,
  format: 'a date CCYYMMDD',
  breaks: 'date',
} as const;
export const hhmm = {
  pattern: /^([01]\d|2[0-3])[0-5]\d(\d{2}(\d{1,2})?)?$/,
  format: 'a time HHMM[SS[dd]]',
  breaks: 'time',
} as const;

/** X12 time codes (Q5-04, AT7-07): local, universal and the US zones. */
export const x12TimeCodes = ['LT', 'UT', 'GM', 'ET', 'CT', 'MT', 'PT'] as const;

/** Every way `segment` breaks `rules`, in element order. */
export function checkElements(segment: EdiSegment, rules: readonly ElementRule[]): EdiIssue[] {
  const issues: EdiIssue[] = [];
  for (const rule of rules) {
    const value = elementValue(segment, rule.n, rule.c ?? 1);
    const at = {
      position: segment.position,
      segment: segment.tag,
      element: elementName(segment.tag, rule.n, rule.c),
    };
    if (value === '') {
      if (rule.required) issues.push({ ...at, rule: 'required', message: 'is mandatory and empty' });
      continue;
    }
    if ((rule.min !== undefined && value.length < rule.min) || (rule.max !== undefined && value.length > rule.max)) {
      const bounds = rule.min === rule.max ? `${rule.min}` : `${rule.min ?? 1} to ${rule.max ?? '∞'}`;
      issues.push({
        ...at,
        rule: rule.min !== undefined && value.length < rule.min ? 'too_short' : 'too_long',
        message: `'${value}' has ${value.length} character${value.length === 1 ? '' : 's'}; ${bounds} allowed`,
      });
    } else if (rule.pattern && !rule.pattern.test(value)) {
      issues.push({
        ...at,
        rule: rule.breaks ?? 'format',
        message: `'${value}' is not ${rule.format ?? 'well formed'}`,
      });
    } else if (rule.codes && !rule.codes.includes(value)) {
      issues.push({ ...at, rule: 'code', message: `'${value}' is not one of ${rule.codes.join(', ')}` });
    }
  }
  return issues;
}
