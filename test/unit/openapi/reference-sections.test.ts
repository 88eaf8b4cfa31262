import { loadHostDocument } from '../../../src/http/host-document';
import { hostNames } from '../../../src/http/host-names';

describe.each(hostNames)("the %s host's reference", (host) => {
  const document = loadHostDocument(host).document as unknown as {
    info: { description: string };
    components: { securitySchemes: Record<string, { type: string; name?: string; scheme?: string }> };
  };
  const sections = [...document.info.description.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

  it('has a section on authentication beside hosts, errors and versions', () => {
    expect(sections).toEqual(expect.arrayContaining(['Hosts', 'Authentication', 'Errors', 'Versions']));
  });

  it('names in it every header a credential of this host goes in', () => {
    const authentication = document.info.description.split(/^## /m).find((part) => part.startsWith('Authentication'));
    const headers = Object.values(document.components.securitySchemes).map((scheme) =>
      scheme.type === 'apiKey' ? String(scheme.name) : 'Authorization: Bearer',
    );
    expect(headers.filter((header) => !authentication?.includes(header))).toEqual([]);
  });
});
