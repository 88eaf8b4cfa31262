import { carrierLabels } from '../../model';
import { defineCarrier } from '../carrier-module';
import type { ServiceQuote } from '../../model';
import { rejectionAsMessages, type LiveCarrierAdapter, type LiveRateResult } from '../live-adapter';
import { uspsRatingRules } from './rating-rules';
import { buildUspsBaseRatesQuery } from './request';
import { parseUspsBaseRates, parseUspsError } from './response';
import { uspsServices } from './services';
import { uspsSettingsFrom, type UspsSettings } from './settings';
import { UspsTransport } from './transport';

/**
 * USPS live rating: the Prices API prices one parcel and one mail class per call, so the calls for
 * every (service, parcel) pair go out together. A rejection of one mail class (e.g. Express not
 * offered to the ZIP) is a message for that service, not a failure of the others.
 */
export function createUspsLiveAdapter(settings: UspsSettings, now?: () => number): LiveCarrierAdapter {
  const transport = new UspsTransport(settings, now);
  return {
    carrier: 'usps',
    async rate(shipment, services, signal) {
      const perService = await Promise.all(
        services.map(async (service): Promise<LiveRateResult> => {
          try {
            const answers = await Promise.all(
              shipment.parcels.map((p) => transport.baseRates(buildUspsBaseRatesQuery(shipment, p, service), signal)),
            );
            const quote = parseUspsBaseRates(answers, shipment, service);
            return quote
              ? { quotes: [quote], messages: [] }
              : {
                  quotes: [],
                  messages: [
                    { carrier: 'usps', code: 'no_price', message: `USPS returned no price for ${service.name}` },
                  ],
                };
          } catch (error) {
            return rejectionAsMessages('usps', error, parseUspsError);
          }
        }),
      );
      return {
        quotes: perService.flatMap((r): ServiceQuote[] => r.quotes),
        messages: perService.flatMap((r) => r.messages),
      };
    },
  };
}

export const uspsCarrier = defineCarrier({
  carrier: 'usps',
  label: carrierLabels.usps,
  services: uspsServices,
  rules: uspsRatingRules,
  settingsFrom: uspsSettingsFrom,
  createLiveAdapter: createUspsLiveAdapter,
});
