import type { ContainerResource, SubscriptionWithContainers, TrackPoint } from '../../domain/tracking';
import { sandboxSamples } from '../../domain/tracking';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError, page } from './layout';
import { routeMap } from './route-map';
import { utcTime } from './times';

const statusText = (status: string) => status.replace(/_/g, ' ');
const head = (visitor: Visitor) =>
  html`<link
    rel="stylesheet"
    href="${visitor.assets.viewsCss.url}"
    integrity="${visitor.assets.viewsCss.integrity}"
  />`;

export interface TrackedRow {
  subscription: SubscriptionWithContainers;
  container: ContainerResource | undefined;
}

function trackForm(visitor: Visitor, form: FormState): Html {
  const testMode = visitor.signedIn!.session.mode === 'test';
  const problem = form.fields.reference;
  return html`<div class="card">
    <h2>Track a container</h2>
    ${formError(form)}
    ${
      testMode
        ? html`<p>
              Test mode: the sample containers follow a sandbox voyage, free and without limit. Pick one to see it on
              its map at once.
            </p>
            <form method="post" action="/tracking" class="samples">
              ${csrfField(visitor)}
              ${sandboxSamples.map(
                (sample) =>
                  html`<button class="secondary" name="reference" value="${sample.containerNumber}">
                    ${sample.containerNumber} <span class="muted">${statusText(sample.outcome)}</span>
                  </button>`,
              )}
            </form>`
        : html`<p class="muted">Live mode: one tracking credit a container; the first data comes within minutes.</p>`
    }
    <form method="post" action="/tracking" novalidate>
      ${csrfField(visitor)}
      <label for="t-reference">Container number</label>
      <input
        id="t-reference"
        name="reference"
        type="text"
        autocomplete="off"
        spellcheck="false"
        value="${form.values.reference ?? ''}"
        ${problem ? html`aria-invalid="true" aria-describedby="t-reference-error"` : ''}
      />
      ${problem ? html`<p class="field-error" id="t-reference-error">Container number ${problem}.</p>` : ''}
      <div class="actions">
        <button>Track${testMode ? '' : ' (one credit)'}</button>
      </div>
    </form>
  </div>`;
}

export function trackingListPage(visitor: Visitor, rows: TrackedRow[], form: FormState): Html {
  return page(
    visitor,
    'Tracking',
    html`<h1>Tracking</h1>
      <div class="card">
        ${
          rows.length === 0
            ? html`<p>No containers tracked in ${visitor.signedIn!.session.mode} mode yet.</p>`
            : html`<div class="table-scroll">
                <table class="tracked">
                  <thead>
                    <tr>
                      <th scope="col">Container</th>
                      <th scope="col">Status</th>
                      <th scope="col">Route</th>
                      <th scope="col">Carrier ETA</th>
                      <th scope="col">Predicted ETA</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${rows.map(({ subscription, container }) =>
                      container
                        ? html`<tr>
                            <th scope="row">
                              <a href="/tracking/containers/${container.container_number}"
                                >${container.container_number}</a
                              >
                              ${subscription.status === 'active' ? '' : html`<span class="badge">${subscription.status}</span>`}
                            </th>
                            <td>
                              ${statusText(container.status)}${container.stale ? html` <span class="badge test">stale</span>` : ''}
                            </td>
                            <td>
                              ${container.origin?.name ?? container.origin?.locode ?? '—'} →
                              ${container.destination?.name ?? container.destination?.locode ?? '—'}
                            </td>
                            <td>${utcTime(container.carrier_eta)}</td>
                            <td>${utcTime(container.predicted_eta)}</td>
                          </tr>`
                        : html`<tr>
                            <th scope="row">${subscription.reference}</th>
                            <td colspan="4">
                              ${subscription.referenceType.replace(/_/g, ' ')}: no containers named yet
                            </td>
                          </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
        }
      </div>
      ${trackForm(visitor, form)}`,
    { head: head(visitor) },
  );
}

const classifiers: Record<string, string> = { ACT: 'Actual', EST: 'Estimated', PLN: 'Planned' };
const eventNames: Record<string, string> = {
  GTOT: 'Gate out',
  GTIN: 'Gate in',
  LOAD: 'Loaded',
  DISC: 'Discharged',
  AVPU: 'Available for pickup',
  ARRI: 'Vessel arrival',
  DEPA: 'Vessel departure',
  STUF: 'Stuffed',
  STRP: 'Stripped',
  PICK: 'Picked up',
  DROP: 'Dropped off',
};

function timeline(container: ContainerResource): Html {
  return html`<section class="card" aria-labelledby="t-events">
    <h2 id="t-events">Events</h2>
    ${
      container.events.length === 0
        ? html`<p class="muted">No events yet.</p>`
        : html`<ol class="timeline">
            ${container.events.map(
              (e) =>
                html`<li
                  class="${e.event_classifier_code === 'ACT' ? 'actual' : 'expected'} ${e.superseded ? 'superseded' : ''}"
                >
                  <time datetime="${e.event_time}">${utcTime(e.event_time)}</time>
                  <strong>${eventNames[e.event_type_code] ?? e.event_type_code}</strong>
                  <span class="badge ${e.event_classifier_code === 'ACT' ? 'live' : ''}"
                    >${classifiers[e.event_classifier_code] ?? e.event_classifier_code}</span
                  >
                  ${e.superseded ? html`<span class="muted">(superseded)</span>` : ''}
                  <div class="muted">
                    ${e.location?.name ?? e.location?.locode ?? ''}${e.vessel?.name ? ` · ${e.vessel.name}` : ''}${
                      e.voyage ? ` voyage ${e.voyage}` : ''
                    }${e.empty_indicator === 'EMPTY' ? ' · empty' : ''}${e.is_transshipment ? ' · transshipment' : ''}
                  </div>
                </li>`,
            )}
          </ol>`
    }
  </section>`;
}

function facts(container: ContainerResource): Html {
  const basis = container.predicted_eta_basis;
  const position = container.position;
  return html`<section class="card" aria-labelledby="t-facts">
    <h2 id="t-facts">${statusText(container.status)}</h2>
    ${container.stale ? html`<div class="notice warn">Data may be out of date: ${container.stale_reason}</div>` : ''}
    <table class="facts">
      <tbody>
        <tr>
          <th scope="row">Carrier ETA</th>
          <td>${utcTime(container.carrier_eta)}</td>
        </tr>
        <tr>
          <th scope="row">Our predicted ETA</th>
          <td>
            ${utcTime(container.predicted_eta)}
            ${
              basis
                ? html`<div class="muted">
                    ${Math.round(basis.remaining_distance_nm ?? 0).toLocaleString('en-US')} nm to go at
                    ${basis.speed_knots?.toFixed(1) ?? '—'} kn (${basis.speed_samples} AIS positions in
                    ${basis.speed_window_hours}
                    h)${basis.passages.length > 0 ? `, via ${basis.passages.join(', ')}` : ''}
                  </div>`
                : ''
            }
          </td>
        </tr>
        ${
          container.arrived_at
            ? html`<tr>
                <th scope="row">Arrived</th>
                <td>${utcTime(container.arrived_at)}</td>
              </tr>`
            : ''
        }
        <tr>
          <th scope="row">Carrier</th>
          <td>${container.carrier_name ?? container.carrier_scac ?? '—'}</td>
        </tr>
        <tr>
          <th scope="row">Vessel</th>
          <td>
            ${container.vessel?.name ?? '—'}${container.vessel?.imo ? ` (IMO ${container.vessel.imo})` : ''}${
              container.voyage ? `, voyage ${container.voyage}` : ''
            }
          </td>
        </tr>
        <tr>
          <th scope="row">Position</th>
          <td>
            ${
              position
                ? html`${position.lat.toFixed(3)},
                    ${position.lon.toFixed(3)}${
                      position.speed_knots !== null ? `, ${position.speed_knots.toFixed(1)} kn` : ''
                    }
                    <div class="muted">${utcTime(position.time)} (${position.source})</div>`
                : '—'
            }
          </td>
        </tr>
        <tr>
          <th scope="row">Route</th>
          <td>
            ${
              [container.origin, ...container.transshipments, container.destination]
                .filter((p) => p !== null)
                .map((p) => p.name ?? p.locode)
                .join(' → ') || '—'
            }
          </td>
        </tr>
        <tr>
          <th scope="row">Data refreshed</th>
          <td>${utcTime(container.data_refreshed_at)}</td>
        </tr>
      </tbody>
    </table>
  </section>`;
}

export function containerPage(visitor: Visitor, container: ContainerResource, track: TrackPoint[]): Html {
  const map = routeMap(container, track);
  return page(
    visitor,
    `${container.container_number} · Tracking`,
    html`<p><a href="/tracking">← Tracking</a></p>
      <h1>${container.container_number}</h1>
      <div class="track-layout">
        <section class="card map-card" aria-labelledby="t-map">
          <h2 id="t-map">Voyage</h2>
          ${map ?? html`<p class="muted">No ports or positions with coordinates yet: the map follows the first data.</p>`}
          ${
            map
              ? html`<ul class="map-key" aria-label="Map key">
                  <li><span class="key origin"></span>Origin</li>
                  <li><span class="key transshipment"></span>Transshipment</li>
                  <li><span class="key destination"></span>Destination</li>
                  <li>
                    <span class="key track"></span>AIS track${track.length > 1 ? ` (${track.length} positions)` : ''}
                  </li>
                  <li><span class="key vessel"></span>Vessel</li>
                </ul>`
              : ''
          }
        </section>
        ${facts(container)}
      </div>
      ${timeline(container)}`,
    { head: head(visitor) },
  );
}
