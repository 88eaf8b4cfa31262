import { largeOrAdditionalHandling, type CarrierRatingRules } from '../../handling-rules';

/**
 * UPS: Large Package (90 lb minimum) or the dearest additional handling charge. The UPS DAS ZIP list
 * is not in the data, so the delivery-area surcharge cannot be assessed and the quote says so.
 */
export const upsRatingRules: CarrierRatingRules = {
  handling: (m) => largeOrAdditionalHandling(m, { largeCode: 'large_package', dimensionMinimumLb: null }),
  residentialSurcharge: true,
  deliveryArea: 'no_zip_list',
};
