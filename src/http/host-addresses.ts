import type { Config } from '../config/config';
import { HostName, hostNames } from './host-names';

export type HostAddressing = Pick<Config, 'ports' | 'singlePort' | 'hostNames'>;

/**
 * The address of every host as seen by a client that reached host `from` at `origin` (its own
 * scheme and Host header, e.g. `http://localhost:3000`). A client that came by the configured host
 * name, or to the single port, reaches the others by their names on the same port; one that came by
 * a plain address (localhost, an IP) reaches them on the same address at their configured ports.
 */
export function hostAddresses(addressing: HostAddressing, from: HostName, origin: string): Record<HostName, string> {
  const url = new URL(origin);
  const byName =
    addressing.singlePort !== null || url.hostname.toLowerCase() === addressing.hostNames[from].toLowerCase();
  const addressOf = (host: HostName): string => {
    if (host === from) return url.origin;
    if (byName) return `${url.protocol}//${addressing.hostNames[host]}${url.port ? `:${url.port}` : ''}`;
    return `${url.protocol}//${url.hostname}:${addressing.ports[host]}`;
  };
  return Object.fromEntries(hostNames.map((host) => [host, addressOf(host)])) as Record<HostName, string>;
}

/** The placeholder of each host's address in the spec's `servers` and in texts derived from it. */
export const hostAddressTokens: Record<HostName, string> = {
  main: '{base_url}',
  tariff: '{tariff_url}',
  site: '{site_url}',
};

/** Puts the hosts' real addresses in place of their placeholders in a derived document or page. */
export function withHostAddresses(text: string, addresses: Record<HostName, string>): string {
  return hostNames.reduce((out, host) => out.replaceAll(hostAddressTokens[host], addresses[host]), text);
}
