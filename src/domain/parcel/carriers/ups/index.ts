import { carrierLabels } from '../../model';
import { defineCarrier } from '../carrier-module';
import { oneCallAdapter, type LiveCarrierAdapter } from '../live-adapter';
import { buildUpsRateRequest } from './request';
import { parseUpsError, parseUpsRateResponse } from './response';
import { upsSettingsFrom, type UpsSettings } from './settings';
import { UpsTransport } from './transport';
import { upsRatingRules } from './rating-rules';
import { upsServices } from './services';

/** UPS live rating: map, send, parse. */
export function createUpsLiveAdapter(settings: UpsSettings, now?: () => number): LiveCarrierAdapter {
  const transport = new UpsTransport(settings, now);
  return oneCallAdapter(
    'ups',
    (shipment, signal) => transport.rate(buildUpsRateRequest(shipment, settings), signal),
    parseUpsRateResponse,
    parseUpsError,
  );
}

export const upsCarrier = defineCarrier({
  carrier: 'ups',
  label: carrierLabels.ups,
  services: upsServices,
  rules: upsRatingRules,
  settingsFrom: upsSettingsFrom,
  createLiveAdapter: createUpsLiveAdapter,
});
