import { largeOrAdditionalHandling, type CarrierRatingRules } from '../../handling-rules';

/** FedEx Service Guide 2025, "Non-standard shipment fees": AHS-dimension rates at a 40 lb minimum. */
export const fedexRatingRules: CarrierRatingRules = {
  handling: (m) => largeOrAdditionalHandling(m, { largeCode: 'oversize', dimensionMinimumLb: 40 }),
  residentialSurcharge: true,
  deliveryArea: 'zip_list',
};
