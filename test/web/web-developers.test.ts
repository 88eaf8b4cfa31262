import request from 'supertest';
import { testKeyFor } from '../support/accounts';
import { signedInBrowser } from '../support/web-browser';
import { deliverDue, startWebhookReceiver, verifyDelivery, WebhookReceiver } from '../support/webhook-receiver';
import { startWebApp, type WebApp } from '../support/web-site';

let app: WebApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startWebApp({
    webhooks: { allowPrivateTargets: true, timeoutMs: 2000 },
  });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

const signIn = (name: string) => signedInBrowser(app.hosts.site, app.sink, `${name}.${Date.now()}@example.com`);
const endpointIdIn = (page: string) => /href="\/developers\/webhooks\/(we_[A-Za-z0-9_]+)"/.exec(page)?.[1];

it('adds an endpoint (secret shown once), sends a test event and shows the delivery with its status code and attempt, then redelivers it', async () => {
  const { browser } = await signIn('hooks');
  const empty = await browser.get('/developers/webhooks');
  expect(empty.status).toBe(200);
  expect(empty.text).toContain('No test endpoints yet.');
  expect(empty.text).toMatch(/<a href="\/developers\/webhooks"\s+aria-current="page"/);

  const added = await browser.post('/developers/webhooks', {
    url: `${receiver.url}/hooks`,
    events: 'shipment.*, invoice.finalized',
    description: 'ERP',
  });
  expect(added.status).toBe(201);
  const secret = /<code id="endpoint-secret">([^<]+)<\/code>/.exec(added.text)?.[1];
  expect(secret).toMatch(/^whsec_/);
  const id = endpointIdIn(added.text)!;
  expect(id).toBeDefined();
  // Shown once: the list and the endpoint's page never carry it again.
  expect((await browser.get('/developers/webhooks')).text).not.toContain(secret);

  const endpoint = await browser.get(`/developers/webhooks/${id}`);
  expect(endpoint.status).toBe(200);
  expect(endpoint.text).not.toContain(secret);
  expect(endpoint.text).toContain('No delivery attempts yet.');
  // Answered with a redirect to the endpoint's page, so a reload sends nothing twice.
  const sent = await browser.post(`/developers/webhooks/${id}/test`, {});
  expect(sent.status).toBe(303);
  const eventId = /\?queued=(evt_[a-z0-9]+)$/.exec(sent.headers.location)?.[1];
  expect(sent.headers.location).toBe(`/developers/webhooks/${id}?queued=${eventId}`);
  expect((await browser.get(sent.headers.location)).text).toContain(`Event ${eventId} queued`);

  // The worker's round: the receiver gets the signed ping and answers 200.
  receiver.answer.body = 'thanks';
  await deliverDue(app.deps.webhooks.delivery);
  expect(receiver.ids()).toEqual([eventId]);
  expect(verifyDelivery(secret!, receiver.requests[0])).toMatchObject({ type: 'ping' });

  const log = await browser.get(`/developers/webhooks/${id}`);
  expect(log.text).toMatch(new RegExp(`<a href="/developers/events/${eventId}">ping</a>`));
  expect(log.text).toMatch(/data-label="Attempt">1<\/td>/);
  expect(log.text).toMatch(/<span class="badge live">200<\/span>/);
  expect(log.text).toContain('thanks');

  // A failing receiver: the attempt shows its 500.
  receiver.answer.status = 500;
  const redelivered = await browser.post(`/developers/events/${eventId}/redeliver`, { endpoint_id: id });
  expect(redelivered.status).toBe(303);
  expect(redelivered.headers.location).toBe(`/developers/webhooks/${id}?queued=${eventId}`);
  await deliverDue(app.deps.webhooks.delivery);
  receiver.answer.status = 200;
  expect(receiver.ids()).toEqual([eventId, eventId]);
  const failed = await browser.get(`/developers/webhooks/${id}`);
  expect(failed.text).toMatch(/<span class="badge revoked">500<\/span>/);

  // Disabled, it takes no redelivery (409, the domain's message); enabled again, it does.
  await browser.post(`/developers/webhooks/${id}/status`, { status: 'disabled' });
  const refused = await browser.post(`/developers/events/${eventId}/redeliver`, { endpoint_id: id });
  expect(refused.status).toBe(409);
  expect(refused.text).toContain('is disabled: enable it first');
  const enabled = await browser.post(`/developers/webhooks/${id}/status`, { status: 'enabled' });
  expect((await browser.get(enabled.headers.location)).text).toContain('Endpoint enabled.');
  // The notice is our words: a made-up one in the URL shows nothing.
  expect((await browser.get(`/developers/webhooks/${id}?queued=<b>x</b>`)).text).not.toContain('queued:');
  // To every subscribed endpoint: none subscribes to ping (it goes to its endpoint only), so nothing is sent.
  const toAll = await browser.post(`/developers/events/${eventId}/redeliver`, { endpoint_id: '' });
  expect(toAll.status).toBe(200);
  expect(toAll.text).toContain('No enabled endpoint subscribes to this event type: nothing was sent.');

  const rotated = await browser.post(`/developers/webhooks/${id}/rotate-secret`, {});
  const newSecret = /<code id="endpoint-secret">([^<]+)<\/code>/.exec(rotated.text)?.[1];
  expect(newSecret).toMatch(/^whsec_/);
  expect(newSecret).not.toBe(secret);
});

it('lists events filtered by type and shows an event’s payload as delivered', async () => {
  const { browser, firstKey } = await signIn('events');
  await browser.get('/developers/webhooks');
  const added = await browser.post('/developers/webhooks', { url: `${receiver.url}/events`, events: '*' });
  const id = endpointIdIn(added.text)!;
  await browser.post(`/developers/webhooks/${id}/test`, {});
  await browser.post(`/developers/webhooks/${id}/test`, {});

  const all = await browser.get('/developers/events');
  expect(all.status).toBe(200);
  const ids = [...all.text.matchAll(/<a href="\/developers\/events\/(evt_[A-Za-z0-9_]+)">ping<\/a>/g)].map((m) => m[1]);
  expect(ids).toHaveLength(2);
  expect((await browser.get('/developers/events?type=ping')).text).toContain(ids[0]);
  const none = await browser.get('/developers/events?type=shipment.created');
  expect(none.text).not.toContain(ids[0]);
  expect(none.text).toMatch(/No <code>shipment.created<\/code> events in the last 30 days./);

  const event = await browser.get(`/developers/events/${ids[0]}`);
  expect(event.status).toBe(200);
  const payload = /<pre id="event-payload">([^<]+)<\/pre>/.exec(event.text)?.[1];
  const envelope = JSON.parse(
    payload!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
  expect(envelope).toMatchObject({ id: ids[0], type: 'ping', data: { object: { id, object: 'webhook_endpoint' } } });
  // The page's payload is the API's event, field for field.
  const api = await request(app.hosts.site)
    .get(`/api/events/${ids[0]}`)
    .set('Authorization', `Bearer ${await testKeyFor(app, firstKey)}`);
  expect(api.status).toBe(200);
  expect(api.body).toEqual(envelope);
});

it('refuses an unknown event type on its field, and keeps webhooks to their account and mode', async () => {
  const { browser } = await signIn('refused');
  await browser.get('/developers/webhooks');
  const typo = await browser.post('/developers/webhooks', { url: `${receiver.url}/x`, events: 'shipmnt.created' });
  expect(typo.status).toBe(422);
  expect(typo.text).toMatch(/id="w-events"[^>]*aria-invalid="true"/);
  expect(typo.text).toContain('value="shipmnt.created"');
  const added = await browser.post('/developers/webhooks', { url: `${receiver.url}/mine`, events: '*' });
  const id = endpointIdIn(added.text)!;
  await browser.post(`/developers/webhooks/${id}/test`, {});
  const eventId = /href="\/developers\/events\/(evt_[A-Za-z0-9_]+)"/.exec(
    (await browser.get('/developers/events')).text,
  )?.[1];

  const { browser: other } = await signIn('other');
  for (const path of [`/developers/webhooks/${id}`, `/developers/events/${eventId}`]) {
    const res = await other.get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Not found');
  }
  await other.get('/developers/webhooks');
  expect((await other.post(`/developers/webhooks/${id}/test`, {})).status).toBe(404);
  expect((await other.post(`/developers/webhooks/${id}/delete`, {})).status).toBe(404);
  expect((await other.post(`/developers/events/${eventId}/redeliver`, {})).status).toBe(404);
  expect((await other.get('/developers/webhooks')).text).not.toContain(id);

  // The same person in live mode sees none of the test-mode endpoints.
  await browser.post('/dashboard/mode', { mode: 'live', back: '/developers/webhooks' });
  const live = await browser.get('/developers/webhooks');
  expect(live.text).toContain('No live endpoints yet.');
  expect((await browser.get(`/developers/webhooks/${id}`)).status).toBe(404);

  // Deleting goes back to the list, without the endpoint.
  await browser.post('/dashboard/mode', { mode: 'test', back: '/developers/webhooks' });
  const deleted = await browser.post(`/developers/webhooks/${id}/delete`, {});
  expect(deleted.status).toBe(303);
  expect((await browser.get('/developers/webhooks')).text).toContain('No test endpoints yet.');
});

it('sends a visitor who is not signed in to the sign-in page, and refuses a form without its CSRF token', async () => {
  const res = await request(app.hosts.site).get('/developers/events');
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/login');
  const { browser } = await signIn('csrf');
  await browser.get('/developers/webhooks');
  const forged = await browser.post('/developers/webhooks', { _csrf: '', url: `${receiver.url}/x`, events: '*' });
  expect(forged.status).toBe(403);
});
