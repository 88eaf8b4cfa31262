/**
 * bench:mixed's load balancer, in its own process: one loopback port per host, each passing every
 * new TCP connection to the next API process in turn (layer 4, as a cloud load balancer does), so
 * the load generators see one address whatever the number of processes behind it. The orchestrator
 * sends the upstream ports over IPC and can change them between phases; connections already open
 * stay where they are.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type Host = 'main' | 'tariff' | 'site';
/** Each process's ports, one entry per API process. */
export type Upstreams = Array<Record<Host, number>>;

let upstreams: Upstreams = [];
const hosts: Host[] = ['main', 'tariff', 'site'];

function listen(host: Host): Promise<number> {
  let turn = 0;
  const server = net.createServer((client) => {
    const target = upstreams[turn++ % upstreams.length][host];
    const upstream = net.connect(target, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('error', close).once('close', close);
    upstream.once('error', close).once('close', close);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

process.on('message', (message: Upstreams) => {
  const first = upstreams.length === 0;
  upstreams = message;
  if (first) void Promise.all(hosts.map(listen)).then(([main, tariff, site]) => process.send?.({ main, tariff, site }));
  else process.send?.('upstreams-set');
});
process.once('disconnect', () => process.exit(0));
