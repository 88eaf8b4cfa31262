import { carrierLabels } from '../../model';
import { defineCarrier } from '../carrier-module';
import { oneCallAdapter, type LiveCarrierAdapter } from '../live-adapter';
import { fedexRatingRules } from './rating-rules';
import { buildFedexRateRequest } from './request';
import { parseFedexError, parseFedexRateResponse } from './response';
import { fedexServices } from './services';
import { fedexSettingsFrom, type FedexSettings } from './settings';
import { FedexTransport } from './transport';

/** FedEx live rating: map, send, parse. */
export function createFedexLiveAdapter(settings: FedexSettings, now?: () => number): LiveCarrierAdapter {
  const transport = new FedexTransport(settings, now);
  return oneCallAdapter(
    'fedex',
    (shipment, signal) => transport.rate(buildFedexRateRequest(shipment, settings), signal),
    parseFedexRateResponse,
    parseFedexError,
  );
}

export const fedexCarrier = defineCarrier({
  carrier: 'fedex',
  label: carrierLabels.fedex,
  services: fedexServices,
  rules: fedexRatingRules,
  settingsFrom: fedexSettingsFrom,
  createLiveAdapter: createFedexLiveAdapter,
});
