import { rejectionAsMessages, type LiveCarrierAdapter } from '../live-adapter';
import { fedexRatingRules } from './rating-rules';
import { buildFedexRateRequest } from './request';
import { parseFedexError, parseFedexRateResponse } from './response';
import { fedexServices } from './services';
import { fedexSettingsFromEnv, type FedexSettings } from './settings';
import { FedexTransport } from './transport';

/** FedEx live rating: map, send, parse. */
export function createFedexLiveAdapter(settings: FedexSettings, now?: () => number): LiveCarrierAdapter {
  const transport = new FedexTransport(settings, now);
  return {
    carrier: 'fedex',
    async rate(shipment, services, signal) {
      try {
        const body = await transport.rate(buildFedexRateRequest(shipment, settings), signal);
        return parseFedexRateResponse(body, shipment, services);
      } catch (error) {
        return rejectionAsMessages('fedex', error, parseFedexError);
      }
    },
  };
}

export const fedexCarrier = {
  carrier: 'fedex',
  label: 'FedEx',
  services: fedexServices,
  rules: fedexRatingRules,
  liveFromEnv: (env: Record<string, string | undefined>, now?: () => number) => {
    const settings = fedexSettingsFromEnv(env);
    return settings ? createFedexLiveAdapter(settings, now) : null;
  },
} as const;
