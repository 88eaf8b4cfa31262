import { missingSegment } from './envelope-checks';
import type { EdiIssue } from './errors';
import { ccyymmdd, checkElements, digits, type ElementRule } from './element-rules';
import { elementValue } from './segments';
import type { X12TransactionSet } from './x12';
import type { InvoiceInput } from '../invoices';

const amount = { pattern: /^-?\d{1,12}$/, format: 'an amount in cents (implied 2 decimals)' } as const;
const b3Rules: ElementRule[] = [
  { n: 2, required: true, max: 22 },
  { n: 3, max: 30 },
  { n: 4, required: true, codes: ['PP', 'CC', 'TP', 'PO', 'NC', 'MX'] },
  { n: 6, required: true, ...ccyymmdd },
  { n: 7, required: true, ...amount },
  { n: 9, ...ccyymmdd },
  { n: 10, min: 2, max: 4 },
];
const l1Rules: ElementRule[] = [
  { n: 1, required: true, max: 3, ...digits },
  { n: 4, required: true, ...amount },
  { n: 8, max: 3 },
  { n: 12, max: 25 },
];
const c3Rules: ElementRule[] = [
  { n: 1, required: true, min: 3, max: 3, pattern: /^[A-Z]{3}$/, format: 'an ISO 4217 code' },
];

/** Special charge codes (L1-08) of motor carrier invoices we name; others keep their code. */
const chargeNames: Record<string, string> = {
  '400': 'Freight',
  FUE: 'Fuel surcharge',
  LFT: 'Liftgate',
  NOT: 'Notification before delivery',
  RWG: 'Reweigh',
  RES: 'Residential delivery',
  INS: 'Inside delivery',
  HAZ: 'Hazardous materials',
  DET: 'Detention',
};

/** Cents as a decimal string ("97600" → "976.00"), by moving the point: no float ever holds money. */
export function impliedCents(value: string): string {
  const negative = value.startsWith('-');
  const body = (negative ? value.slice(1) : value).padStart(3, '0');
  const whole = body.slice(0, -2).replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${whole}.${body.slice(-2)}`;
}

const sumCents = (values: string[]): bigint => values.reduce((sum, v) => sum + BigInt(v), 0n);

export interface Mapped210 {
  invoice: InvoiceInput & { currency: string };
  total: string;
}

/**
 * An X12 210 (motor carrier freight details and invoice) as a draft invoice: one line per L1
 * charge (L1-04, implied 2 decimals, described by L1-12 or else its L1-08 code), its currency from C3 (USD without one). B3-07, the net
 * amount, must equal the sum of the charges, else the set is rejected and no invoice is made.
 */
export function map210(set: X12TransactionSet): { mapped: Mapped210 | null; issues: EdiIssue[] } {
  const segments = set.segments;
  const b3 = segments.find((s) => s.tag === 'B3');
  if (!b3) {
    return {
      mapped: null,
      issues: [missingSegment(set.st, 'a 210 needs its B3 segment')],
    };
  }
  const l1s = segments.filter((s) => s.tag === 'L1');
  const c3 = segments.find((s) => s.tag === 'C3');
  const issues = [
    ...checkElements(b3, b3Rules),
    ...l1s.flatMap((s) => checkElements(s, l1Rules)),
    ...(c3 ? checkElements(c3, c3Rules) : []),
  ];
  if (l1s.length === 0) {
    issues.push({
      position: b3.position,
      segment: 'B3',
      rule: 'required',
      message: 'a 210 needs at least one L1 charge',
    });
  }
  if (issues.length > 0) return { mapped: null, issues };
  const charges = l1s.map((l1) => elementValue(l1, 4));
  const net = elementValue(b3, 7);
  if (sumCents(charges) !== BigInt(net)) {
    const sum = impliedCents(String(sumCents(charges)));
    return {
      mapped: null,
      issues: [
        {
          position: b3.position,
          segment: 'B3',
          element: 'B307',
          rule: 'total',
          message: `is ${impliedCents(net)}, but the L1 charges add up to ${sum}`,
        },
      ],
    };
  }
  const n9 = segments.find((s) => s.tag === 'N9' && elementValue(s, 1) === 'BM');
  const metadata: Record<string, string> = { edi_invoice_number: elementValue(b3, 2) };
  if (elementValue(b3, 3)) metadata.pro_number = elementValue(b3, 3);
  if (elementValue(b3, 10)) metadata.scac = elementValue(b3, 10);
  if (n9) metadata.bill_of_lading = elementValue(n9, 2);
  return {
    mapped: {
      invoice: {
        currency: c3 ? elementValue(c3, 1) : 'USD',
        memo: `Carrier invoice ${elementValue(b3, 2)}`,
        lines: l1s.map((l1) => {
          const code = elementValue(l1, 8);
          return {
            description: elementValue(l1, 12) || chargeNames[code] || (code ? `Charge ${code}` : 'Charge'),
            chargeCode: code === '400' ? 'trucking' : 'other',
            quantity: '1',
            unitAmount: impliedCents(elementValue(l1, 4)),
            taxRate: '0',
          };
        }),
        metadata,
      },
      total: impliedCents(net),
    },
    issues: [],
  };
}
