import { rejectionAsMessages, type LiveCarrierAdapter } from '../live-adapter';
import { buildUpsRateRequest } from './request';
import { parseUpsError, parseUpsRateResponse } from './response';
import { upsSettingsFromEnv, type UpsSettings } from './settings';
import { UpsTransport } from './transport';
import { upsRatingRules } from './rating-rules';
import { upsServices } from './services';

/** UPS live rating: map, send, parse. */
export function createUpsLiveAdapter(settings: UpsSettings, now?: () => number): LiveCarrierAdapter {
  const transport = new UpsTransport(settings, now);
  return {
    carrier: 'ups',
    async rate(shipment, services, signal) {
      try {
        const body = await transport.rate(buildUpsRateRequest(shipment, settings), signal);
        return parseUpsRateResponse(body, shipment, services);
      } catch (error) {
        return rejectionAsMessages('ups', error, parseUpsError);
      }
    },
  };
}

export const upsCarrier = {
  carrier: 'ups',
  label: 'UPS',
  services: upsServices,
  rules: upsRatingRules,
  liveFromEnv: (env: Record<string, string | undefined>, now?: () => number) => {
    const settings = upsSettingsFromEnv(env);
    return settings ? createUpsLiveAdapter(settings, now) : null;
  },
} as const;
