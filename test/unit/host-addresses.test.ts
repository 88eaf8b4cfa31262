import { loadConfig } from '../../src/config/config';
import { hostAddresses, withHostAddresses } from '../../src/http/host-addresses';

const threePorts = loadConfig({});
const onePort = loadConfig({ PORT: '8080' });

describe('the hosts’ addresses as a client sees them', () => {
  it('keeps a plain address and moves to the configured ports', () => {
    expect(hostAddresses(threePorts, 'tariff', 'http://127.0.0.1:3001')).toEqual({
      main: 'http://127.0.0.1:3000',
      tariff: 'http://127.0.0.1:3001',
      site: 'http://127.0.0.1:3002',
    });
  });

  it('goes by the configured names when the client came by name', () => {
    expect(hostAddresses(threePorts, 'main', 'https://api.tradelane.dev')).toEqual({
      main: 'https://api.tradelane.dev',
      tariff: 'https://tariff.tradelane.dev',
      site: 'https://app.tradelane.dev',
    });
  });

  it('goes by name on the same port when one port serves every host', () => {
    expect(hostAddresses(onePort, 'main', 'http://localhost:8080')).toEqual({
      main: 'http://localhost:8080',
      tariff: 'http://tariff.tradelane.dev:8080',
      site: 'http://app.tradelane.dev:8080',
    });
  });

  it('puts the addresses in place of the placeholders', () => {
    const addresses = hostAddresses(threePorts, 'main', 'http://localhost:3000');
    expect(withHostAddresses("url: '{base_url}' and {tariff_url}/x, {site_url}", addresses)).toBe(
      "url: 'http://localhost:3000' and http://localhost:3001/x, http://localhost:3002",
    );
  });
});
