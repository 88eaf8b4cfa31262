import type { BreakdownCode } from './model';
import type { ParcelMeasures } from './parcel-measures';
import type { SurchargeCode } from './reference-data';

/**
 * Size- and weight-driven charges a parcel triggers. Which ones trigger is a carrier rule (code, in
 * each carrier's rating-rules.ts); how much they cost comes from the carrier's surcharge table.
 */
export interface HandlingCharge {
  code: SurchargeCode;
  /** Why it applies, for the breakdown line and warnings. */
  reason: string;
  /** Minimum billable weight the charge imposes (FedEx AHS-dimension 40 lb, oversize 90 lb). */
  minimumBillableLb: number | null;
}

export interface HandlingAssessment {
  charges: HandlingCharge[];
  /** 'highest': only the dearest triggered charge is billed; 'all': each is billed. */
  billing: 'highest' | 'all';
}

export interface CarrierRatingRules {
  handling(measures: ParcelMeasures): HandlingAssessment;
  /** Whether the carrier charges for residential delivery (USPS does not). */
  residentialSurcharge: boolean;
  /** How the carrier's delivery-area surcharge is found: a ZIP list, no list in the data, or no such charge. */
  deliveryArea: 'zip_list' | 'no_zip_list' | 'none';
}

const names: Record<SurchargeCode, string> = {
  residential: 'Residential delivery',
  delivery_area: 'Delivery area surcharge',
  delivery_area_extended: 'Delivery area surcharge (extended)',
  delivery_area_remote: 'Delivery area surcharge (remote)',
  remote_area_alaska: 'Remote area surcharge (Alaska)',
  remote_area_hawaii: 'Remote area surcharge (Hawaii)',
  remote_area_us48: 'Remote area surcharge',
  additional_handling_weight: 'Additional handling (weight)',
  additional_handling_dimensions: 'Additional handling (dimensions)',
  additional_handling_packaging: 'Additional handling (packaging)',
  large_package: 'Large package surcharge',
  oversize: 'Oversize charge',
  nonstandard_length_22: 'Nonstandard length fee (over 22 in)',
  nonstandard_length_30: 'Nonstandard length fee (over 30 in)',
  nonstandard_volume: 'Nonstandard volume fee (over 2 cu ft)',
};

export function surchargeName(code: SurchargeCode): string {
  return names[code];
}

export function breakdownCodeOf(code: SurchargeCode): BreakdownCode {
  if (code === 'residential') return 'residential';
  if (code.startsWith('delivery_area') || code.startsWith('remote_area')) return 'delivery_area';
  if (code.startsWith('additional_handling')) return 'additional_handling';
  if (code === 'large_package' || code === 'oversize') return 'oversize';
  return 'other';
}

/**
 * The UPS/FedEx shape: one size class that excludes the handling charges (UPS Large Package, FedEx
 * Oversize: length over 96 in or length + girth over 130 in, 90 lb minimum), else additional handling
 * for weight over 50 lb or a side over 48 in, second side over 30 in, or length + girth over 105 in,
 * of which only the dearest is billed.
 */
export function largeOrAdditionalHandling(
  m: ParcelMeasures,
  options: { largeCode: SurchargeCode; dimensionMinimumLb: number | null },
): HandlingAssessment {
  if (m.lengthIn > 96 || m.lengthPlusGirthIn > 130) {
    return {
      billing: 'all',
      charges: [
        {
          code: options.largeCode,
          reason: `length ${m.lengthIn} in, length + girth ${m.lengthPlusGirthIn} in`,
          minimumBillableLb: 90,
        },
      ],
    };
  }
  const charges: HandlingCharge[] = [];
  if (m.actualLb > 50)
    charges.push({ code: 'additional_handling_weight', reason: `actual weight over 50 lb`, minimumBillableLb: null });
  if (m.lengthIn > 48 || m.secondIn > 30 || m.lengthPlusGirthIn > 105) {
    charges.push({
      code: 'additional_handling_dimensions',
      reason: `sides ${m.sides.join(' × ')} in, length + girth ${m.lengthPlusGirthIn} in`,
      minimumBillableLb: options.dimensionMinimumLb,
    });
  }
  return { billing: 'highest', charges };
}
