import Decimal from 'decimal.js';
import type { EdifactMessage } from './edifact';
import { missingSegment } from './envelope-checks';
import type { EdiIssue } from './errors';
import { checkElements, type ElementRule } from './element-rules';
import { type EdiSegment, elementValue } from './segments';
import type { Mapped210 } from './x12-210';

const decimal = { pattern: /^-?\d{1,15}(\.\d{1,6})?$/, format: 'a decimal amount' } as const;
const bgmRules: ElementRule[] = [
  { n: 1, required: true, codes: ['380', '381', '383'] },
  { n: 2, required: true, max: 35 },
];
const cuxRules: ElementRule[] = [
  { n: 1, c: 2, required: true, min: 3, max: 3, pattern: /^[A-Z]{3}$/, format: 'an ISO 4217 code' },
];
const moaRules: ElementRule[] = [{ n: 1, c: 2, required: true, ...decimal }];
const qtyRules: ElementRule[] = [{ n: 1, c: 2, required: true, ...decimal }];

/**
 * An EDIFACT INVOIC as a draft invoice, as map210 reads a 210: one line per LIN (IMD description,
 * QTY 47, MOA 203 amount, PRI AAA unit price), the tax (MOA 124) as a line of its own, and the
 * invoice amount (MOA 77 after UNS), which must equal the lines and the tax, exactly.
 */
export function mapInvoic(message: EdifactMessage): { mapped: Mapped210 | null; issues: EdiIssue[] } {
  const segments = message.segments;
  const bgm = segments.find((s) => s.tag === 'BGM');
  const cux = segments.find((s) => s.tag === 'CUX');
  if (!bgm || !cux) {
    return { mapped: null, issues: [missingSegment(message.unh, 'an INVOIC needs its BGM and CUX segments')] };
  }
  const uns = segments.findIndex((s) => s.tag === 'UNS');
  const lineSegments = uns < 0 ? segments : segments.slice(0, uns);
  const summary = uns < 0 ? [] : segments.slice(uns + 1);
  const moas = segments.filter((s) => s.tag === 'MOA');
  const issues = [
    ...checkElements(bgm, bgmRules),
    ...checkElements(cux, cuxRules),
    ...moas.flatMap((s) => checkElements(s, moaRules)),
    ...segments.filter((s) => s.tag === 'QTY').flatMap((s) => checkElements(s, qtyRules)),
  ];
  const lines: Array<{ lin: EdiSegment; of: EdiSegment[] }> = [];
  for (const segment of lineSegments) {
    if (segment.tag === 'LIN') lines.push({ lin: segment, of: [] });
    else lines.at(-1)?.of.push(segment);
  }
  const invoiceAmount = summary.find((s) => s.tag === 'MOA' && elementValue(s, 1) === '77');
  if (lines.length === 0 || !invoiceAmount)
    issues.push({
      position: bgm.position,
      segment: 'BGM',
      rule: 'required',
      message: 'an INVOIC needs at least one LIN line and its invoice amount (MOA+77 after UNS)',
    });
  if (issues.length > 0) return { mapped: null, issues };

  /** The amount of the first `tag+qualifier:amount` segment (MOA, PRI) among these. */
  const amountOf = (of: EdiSegment[], tag: string, qualifier: string) => {
    const segment = of.find((s) => s.tag === tag && elementValue(s, 1) === qualifier);
    return segment ? elementValue(segment, 1, 2) : null;
  };
  const read = lines.map(({ lin, of }) => {
    const amount = amountOf(of, 'MOA', '203');
    const imd = of.find((s) => s.tag === 'IMD');
    const qty = of.find((s) => s.tag === 'QTY' && elementValue(s, 1) === '47');
    const price = amountOf(of, 'PRI', 'AAA');
    return {
      lin,
      amount,
      description: imd ? elementValue(imd, 3, 4) : '',
      quantity: qty ? elementValue(qty, 1, 2) : '1',
      price,
    };
  });
  const unpriced = read.find((line) => line.amount === null);
  if (unpriced) {
    return {
      mapped: null,
      issues: [
        {
          position: unpriced.lin.position,
          segment: 'LIN',
          rule: 'required',
          message: 'the line has no MOA+203 amount',
        },
      ],
    };
  }
  const tax = amountOf(summary, 'MOA', '124') ?? '0';
  const total = elementValue(invoiceAmount!, 1, 2);
  const sum = read.reduce((acc, line) => acc.plus(line.amount!), new Decimal(tax));
  if (!sum.equals(total)) {
    return {
      mapped: null,
      issues: [
        {
          position: invoiceAmount!.position,
          segment: 'MOA',
          element: 'MOA01-2',
          rule: 'total',
          message: `is ${total}, but the lines and the tax add up to ${sum.toFixed()}`,
        },
      ],
    };
  }
  const number = elementValue(bgm, 2);
  return {
    mapped: {
      invoice: {
        currency: elementValue(cux, 1, 2),
        memo: `Partner invoice ${number}`,
        lines: [
          ...read.map((line) => ({
            description: line.description || `Line ${elementValue(line.lin, 1)}`,
            chargeCode: 'other' as const,
            quantity: line.quantity,
            unitAmount: line.price ?? line.amount!,
            taxRate: '0',
          })),
          ...(new Decimal(tax).isZero()
            ? []
            : [{ description: 'Tax', chargeCode: 'other' as const, quantity: '1', unitAmount: tax, taxRate: '0' }]),
        ],
        metadata: { edi_invoice_number: number },
      },
      total,
    },
    issues: [],
  };
}
