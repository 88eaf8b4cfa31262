import type { components } from '../../generated/api';
import { isoTime } from './time';
import type { EntryPricing, Form7501, PricedEntry } from '../../domain/entries';
import type { FeeLine } from '../../domain/tariff';

type Schemas = components['schemas'];

const usd = (amount: string | null) => (amount === null ? null : { amount, currency: 'USD' });

function toApiFee(fee: FeeLine): Schemas['CustomsEntryFee'] {
  return {
    status: fee.status,
    rate_percent: fee.ratePercent,
    amount: usd(fee.amount),
    reason: fee.reason ?? null,
    citations: fee.citations,
  };
}

function toApiPricing(pricing: EntryPricing): Schemas['CustomsEntryPricing'] {
  return {
    version: pricing.version,
    priced_at: isoTime(pricing.pricedAt),
    status: pricing.status,
    reasons: pricing.reasons,
    hts_releases: pricing.htsReleases,
    rules_version: pricing.rulesVersion,
    entered_value: usd(pricing.enteredValue),
    lines: pricing.lines.map((line) => ({
      line_number: line.lineNumber,
      status: line.status,
      reason: line.reason,
      duty: usd(line.duty),
      effective_rate_percent: line.effectiveRatePercent,
      merchandise_processing_fee: usd(line.mpf),
      harbor_maintenance_fee: usd(line.hmf),
      components: line.components.map((c) => ({
        program: c.program,
        family: c.family,
        heading: c.heading,
        rate_text: c.rateText,
        status: c.status,
        amount: usd(c.amount),
      })),
    })),
    fees: {
      merchandise_processing_fee: toApiFee(pricing.fees.mpf),
      harbor_maintenance_fee: toApiFee(pricing.fees.hmf),
      total: usd(pricing.fees.total),
    },
    totals: { duty: usd(pricing.totals.duty), fees: usd(pricing.totals.fees), total: usd(pricing.totals.total) },
    programs: pricing.programs.map((p) => ({ family: p.family, amount: usd(p.amount) })),
    chapter_99: pricing.chapter99.map((h) => ({
      heading: h.heading,
      family: h.family,
      amount: usd(h.amount),
      line_numbers: h.lineNumbers,
    })),
  };
}

export function toApiCustomsEntry({ entry, pricings }: PricedEntry): Schemas['CustomsEntry'] {
  return {
    id: entry.id,
    object: 'customs_entry',
    livemode: entry.livemode,
    entry_type: entry.entryType,
    port_code: entry.portCode,
    entry_date: entry.entryDate,
    importation_date: entry.importationDate,
    mode: entry.mode,
    importer: entry.importer,
    shipment_id: entry.shipmentId,
    lines: entry.lines.map((line) => ({
      line_number: line.lineNumber,
      description: line.description,
      hts_code: line.htsCode,
      country_of_origin: line.countryOfOrigin,
      value: { amount: line.value, currency: 'USD' },
      quantities: line.quantities.map((q) => ({ value: Number(q.value), unit: q.unit })),
      claims: line.claims.map((c) => ({
        code: c.code as Schemas['TariffClaim']['code'],
        ...(c.value !== undefined ? { value: Number(c.value) } : {}),
        ...(c.text !== undefined ? { text: c.text } : {}),
        ...(c.date !== undefined ? { date: c.date } : {}),
      })),
      manufacturer_id: line.manufacturerId,
    })),
    pricing: toApiPricing(pricings[pricings.length - 1]),
    earlier_pricings: pricings.slice(0, -1).map(toApiPricing),
    created_at: isoTime(entry.createdAt),
    updated_at: isoTime(entry.updatedAt),
  };
}

export function toApiForm7501(form: Form7501): Schemas['Form7501'] {
  return {
    object: 'form_7501',
    entry_id: form.entryId,
    pricing_version: form.pricingVersion,
    draft: true,
    header: form.header,
    lines: form.lines.map((line) => ({
      blocks: line.blocks,
      tariff_numbers: line.tariffNumbers.map((t) => ({ hts_number: t.htsNumber, rate: t.rate, duty: t.duty })),
    })),
    totals: form.totals,
    other_fees: form.otherFees.map((f) => ({ class_code: f.classCode, name: f.name, amount: f.amount })),
  };
}
