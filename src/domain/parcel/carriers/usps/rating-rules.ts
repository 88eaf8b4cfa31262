import type { HandlingCharge } from '../../handling-rules';
import type { CarrierRatingRules } from '../../handling-rules';

/**
 * USPS nonstandard fees: longest side over 22 in (a higher tier over 30 in) and, in addition, volume
 * over 2 cubic feet. USPS has no residential, delivery-area or fuel surcharge.
 */
export const uspsRatingRules: CarrierRatingRules = {
  handling(m) {
    const charges: HandlingCharge[] = [];
    if (m.lengthIn > 30)
      charges.push({ code: 'nonstandard_length_30', reason: `longest side ${m.lengthIn} in`, minimumBillableLb: null });
    else if (m.lengthIn > 22)
      charges.push({ code: 'nonstandard_length_22', reason: `longest side ${m.lengthIn} in`, minimumBillableLb: null });
    if (m.cubicInches > 3456)
      charges.push({
        code: 'nonstandard_volume',
        reason: `${Math.round(m.cubicInches)} cu in`,
        minimumBillableLb: null,
      });
    return { billing: 'all', charges };
  },
  residentialSurcharge: false,
  deliveryArea: 'none',
};
