import { checkTarget, HostResolver, refusalOf, RefusedTarget } from '../../../../src/domain/webhooks/target-guard';

const strict = { allowPrivateTargets: false };
const development = { allowPrivateTargets: true };
const resolvesTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('refusalOf', () => {
  it.each([
    ['127.0.0.1', 4],
    ['10.0.0.8', 4],
    ['172.16.5.4', 4],
    ['192.168.1.1', 4],
    ['169.254.10.10', 4],
    ['100.64.0.1', 4],
    ['::1', 6],
    ['fd12:3456::1', 6],
    ['fe80::1', 6],
    ['::ffff:10.0.0.1', 6],
    ['::ffff:7f00:1', 6],
    ['64:ff9b::a00:1', 6],
  ] as const)('refuses the private or loopback %s unless the development setting is on', (address, family) => {
    expect(refusalOf({ address, family }, strict)).toMatch(/private, loopback or link-local/);
    expect(refusalOf({ address, family }, development)).toBeNull();
  });

  it.each([
    ['::7f00:1', '127.0.0.1'],
    ['::127.0.0.1', '127.0.0.1'],
    ['::ffff:0:7f00:1', '127.0.0.1'],
    ['::ffff:0:127.0.0.1', '127.0.0.1'],
    ['2002:7f00:1::', '127.0.0.1'],
    ['2002:a00:1:1::1', '10.0.0.1'],
    ['64:ff9b::7f00:1', '127.0.0.1'],
    ['64:ff9b:1::7f00:1', '127.0.0.1'],
    ['2001:0:7f00:1::f5ff:fffe', '127.0.0.1'],
    ['2001:0:5db8:b87::80fe:fffe', '127.1.0.1'],
  ] as const)('refuses %s, a spelling of the private IPv4 address it translates to (%s)', (address, v4) => {
    expect(refusalOf({ address, family: 6 }, strict)).toBe(
      `${address} (IPv4 ${v4}) is a private, loopback or link-local address`,
    );
    expect(refusalOf({ address, family: 6 }, development)).toBeNull();
  });

  it.each(['2002:a9fe:a9fe::', '::a9fe:a9fe', '::ffff:0:a9fe:a9fe', '64:ff9b:1::a9fe:a9fe'])(
    'refuses the metadata address spelt %s always',
    (address) => {
      expect(refusalOf({ address, family: 6 }, development)).toMatch(/\(IPv4 169\.254\.169\.254\) is a cloud metadata/);
    },
  );

  it('refuses the local-use NAT64 range whatever it embeds, and lets public 6to4 and NAT64 through', () => {
    expect(refusalOf({ address: '64:ff9b:1::5db8:d70e', family: 6 }, strict)).toMatch(
      /^64:ff9b:1::5db8:d70e is a private/,
    );
    expect(refusalOf({ address: '2002:5db8:d70e::1', family: 6 }, strict)).toBeNull();
    expect(refusalOf({ address: '64:ff9b::5db8:d70e', family: 6 }, strict)).toBeNull();
    expect(refusalOf({ address: '::1', family: 6 }, development)).toBeNull();
  });

  it.each([
    ['169.254.169.254', 4],
    ['fd00:ec2::254', 6],
    ['::ffff:169.254.169.254', 6],
    ['100.100.100.200', 4],
  ] as const)('refuses the cloud metadata address %s always', (address, family) => {
    expect(refusalOf({ address, family }, development)).toMatch(/metadata/);
  });

  it.each([
    ['224.0.0.251', 4],
    ['239.1.2.3', 4],
    ['ff02::1', 6],
    ['0.0.0.0', 4],
    ['::', 6],
    ['255.255.255.255', 4],
  ] as const)('refuses the multicast, unspecified or broadcast %s always', (address, family) => {
    expect(refusalOf({ address, family }, development)).toMatch(/not a unicast/);
  });

  it.each([
    ['93.184.215.14', 4],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 6],
  ] as const)('lets the public %s through', (address, family) => {
    expect(refusalOf({ address, family }, strict)).toBeNull();
  });
});

describe('checkTarget', () => {
  it('needs https in live mode, takes http in test mode, and refuses other schemes and credentials', async () => {
    const publicHost = resolvesTo('93.184.215.14');
    await expect(checkTarget('http://hooks.example.com/x', true, strict, publicHost)).rejects.toThrow(
      'live-mode endpoints must use https',
    );
    await expect(checkTarget('http://hooks.example.com/x', false, strict, publicHost)).resolves.toMatchObject({
      address: { address: '93.184.215.14' },
    });
    await expect(checkTarget('file:///etc/passwd', false, strict, publicHost)).rejects.toThrow(
      'the file scheme is not allowed',
    );
    await expect(checkTarget('gopher://hooks.example.com', false, strict, publicHost)).rejects.toThrow(RefusedTarget);
    await expect(checkTarget('https://user:pw@hooks.example.com/x', true, strict, publicHost)).rejects.toThrow(
      'credentials',
    );
    await expect(checkTarget('not a url', true, strict, publicHost)).rejects.toThrow('absolute');
  });

  it('refuses a name when any of its addresses is refused (one private answer among public ones is enough)', async () => {
    await expect(
      checkTarget('https://mixed.example.com/x', true, strict, resolvesTo('93.184.215.14', '10.0.0.1')),
    ).rejects.toThrow('mixed.example.com resolves to 10.0.0.1');
  });

  it('refuses a name whose DNS answer is a translated spelling of loopback', async () => {
    await expect(checkTarget('https://sly.example.com/x', true, strict, resolvesTo('::ffff:0:7f00:1'))).rejects.toThrow(
      'sly.example.com resolves to ::ffff:0:7f00:1 (IPv4 127.0.0.1) is a private, loopback or link-local address',
    );
  });

  it('refuses a name that does not resolve', async () => {
    const failing: HostResolver = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkTarget('https://nowhere.invalid/x', true, strict, failing)).rejects.toThrow('does not resolve');
  });

  it('checks IP literals without resolving them', async () => {
    const never: HostResolver = async () => {
      throw new Error('should not resolve');
    };
    await expect(checkTarget('https://[fd00:ec2::254]/latest', true, development, never)).rejects.toThrow('metadata');
    await expect(checkTarget('http://127.0.0.1:8080/x', true, development, never)).resolves.toMatchObject({
      address: { address: '127.0.0.1', family: 4 },
    });
  });
});
