import type { components } from '../../generated/api';
import { num, toStackComponent } from './tariff.output';
import type { IeepaRefundEstimate, IeepaRefundLine, IeepaRefundTotals } from '../../domain/tariff';

type Schemas = components['schemas'];

function amounts(totals: IeepaRefundTotals): Schemas['IeepaRefundAmounts'] {
  return {
    lines: totals.lines,
    unresolved_lines: totals.unresolvedLines,
    complete: totals.complete,
    owed: Number(totals.owed),
    paid: num(totals.paid),
    refund_estimate: Number(totals.refundEstimate),
  };
}

function line(estimate: IeepaRefundLine): Schemas['IeepaRefundEstimate']['lines'][number] {
  return {
    entry_number: estimate.entryNumber,
    line_number: estimate.lineNumber,
    entry_date: estimate.entryDate,
    hts_code: estimate.htsCode,
    country_code: estimate.countryCode,
    status: estimate.status,
    reason: estimate.reason,
    owed:
      estimate.owed === null
        ? null
        : {
            fentanyl: Number(estimate.owed.ieepa_fentanyl),
            reciprocal: Number(estimate.owed.ieepa_reciprocal),
            country_orders: Number(estimate.owed.ieepa_country_orders),
            total: Number(estimate.owedTotal),
          },
    paid: num(estimate.paid),
    difference: num(estimate.difference),
    refundable: estimate.refundable,
    refund_estimate: num(estimate.refundEstimate),
    components: estimate.components.map(toStackComponent),
    hts_release: estimate.htsRelease,
  };
}

export function toIeepaRefundEstimate(estimate: IeepaRefundEstimate): Schemas['IeepaRefundEstimate'] {
  return {
    object: 'ieepa_refund_estimate',
    lines: estimate.lines.map(line),
    entries: estimate.entries.map((entry) => ({ entry_number: entry.entryNumber, ...amounts(entry) })),
    totals: amounts(estimate.totals),
    rules_version: estimate.rulesVersion,
  };
}
