import type { components } from '../../generated/api';
import type { Reconciliation } from '../../domain/entries';

type Schemas = components['schemas'];

export function toApiEntryReconciliation(reconciliation: Reconciliation): Schemas['EntryReconciliation'] {
  return {
    object: 'entry_reconciliation',
    currency: 'USD',
    rules_version: reconciliation.rulesVersion,
    entries: reconciliation.entries.map((entry) => ({
      entry_number: entry.entryNumber,
      entry_date: entry.entryDate,
      deadlines: {
        liquidation: entry.deadlines.liquidation,
        liquidation_estimated: entry.deadlines.liquidationEstimated,
        post_summary_correction: entry.deadlines.postSummaryCorrection,
        protest: entry.deadlines.protest,
      },
      lines: entry.lines.map((line) => ({
        line_number: line.lineNumber,
        hts_code: line.htsCode,
        country_code: line.countryCode,
        value: line.value,
        status: line.status,
        reason: line.reason,
        filed: line.filed,
        ours: line.ours,
        difference: line.difference,
        programs: line.programs,
        correction: line.correction,
        ieepa_refund:
          line.ieepaRefund === null
            ? null
            : {
                owed: line.ieepaRefund.owedTotal,
                paid: line.ieepaRefund.paid,
                refundable: line.ieepaRefund.refundable,
                refund_estimate: line.ieepaRefund.refundEstimate,
                reason: line.ieepaRefund.reason,
              },
      })),
      fees: entry.fees,
    })),
    totals: {
      filed: reconciliation.totals.filed,
      ours: reconciliation.totals.ours,
      overpaid: reconciliation.totals.overpaid,
      underpaid: reconciliation.totals.underpaid,
      unexplained: reconciliation.totals.unexplained,
      ieepa_refund_estimate: reconciliation.totals.ieepaRefundEstimate,
    },
  };
}
