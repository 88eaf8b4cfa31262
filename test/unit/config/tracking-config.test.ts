import { ConfigError } from '../../../src/config/config';
import { loadTrackingConfig } from '../../../src/config/tracking-config';

describe('tracking configuration', () => {
  test('defaults: 30-minute refresh, no live upstreams', () => {
    const config = loadTrackingConfig({});
    expect(config.refresh).toMatchObject({
      intervalMs: 30 * 60_000,
      jobEvery: '5 minutes',
      batchSize: 100,
      etaChangeThresholdMs: 3 * 3_600_000,
      avoidPassages: [],
    });
    expect(config.dcsa).toEqual([]);
    expect(config.ais).toMatchObject({ nmeaTcp: null, aishub: null });
  });

  test('DCSA carriers, AIS feed and AISHub from the environment', () => {
    const config = loadTrackingConfig({
      TRACKING_DCSA_CARRIERS: 'maeu, HLCU',
      TRACKING_DCSA_MAEU_URL: 'https://api.maersk.example/track-and-trace',
      TRACKING_DCSA_MAEU_AUTH: 'oauth2',
      TRACKING_DCSA_MAEU_TOKEN_URL: 'https://api.maersk.example/oauth2/token',
      TRACKING_DCSA_MAEU_CLIENT_ID: 'id',
      TRACKING_DCSA_MAEU_CLIENT_SECRET: 'secret',
      TRACKING_DCSA_HLCU_URL: 'https://api.hlag.example/tnt',
      TRACKING_DCSA_HLCU_VERSION: '2.2',
      TRACKING_DCSA_HLCU_AUTH: 'api_key',
      TRACKING_DCSA_HLCU_API_KEY: 'k',
      TRACKING_DCSA_HLCU_API_KEY_HEADER: 'X-IBM-Client-Id',
      TRACKING_AIS_NMEA_TCP: 'ais.example:5631',
      TRACKING_AIS_AISHUB_USERNAME: 'AH_1234',
      TRACKING_ETA_AVOID_PASSAGES: 'suez',
    });
    expect(config.dcsa.map((c) => [c.scac, c.version, c.auth.type])).toEqual([
      ['MAEU', '3', 'oauth2'],
      ['HLCU', '2.2', 'api_key'],
    ]);
    expect(config.dcsa[1].auth).toEqual({ type: 'api_key', header: 'X-IBM-Client-Id', value: 'k' });
    expect(config.ais.nmeaTcp).toEqual({ host: 'ais.example', port: 5631 });
    expect(config.ais.aishub).toMatchObject({
      url: 'https://data.aishub.net/ws.php',
      username: 'AH_1234',
      minIntervalMs: 60_000,
    });
    expect(config.refresh.avoidPassages).toEqual(['suez']);
  });

  test('a missing or malformed setting is a ConfigError naming the variable', () => {
    expect(() => loadTrackingConfig({ TRACKING_DCSA_CARRIERS: 'MAEU' })).toThrow(
      new ConfigError('TRACKING_DCSA_MAEU_URL is required'),
    );
    expect(() => loadTrackingConfig({ TRACKING_AIS_NMEA_TCP: 'nohost' })).toThrow(ConfigError);
    expect(() => loadTrackingConfig({ TRACKING_ETA_AVOID_PASSAGES: 'bosporus' })).toThrow(/unknown passage/);
  });
});
