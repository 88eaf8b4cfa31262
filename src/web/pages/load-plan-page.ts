import {
  type ContainerPlan,
  type FreightModeComparison,
  type LoadPlanResult,
  STANDARD_CONTAINER_TYPES,
} from '../../domain/loadplan';
import { type Html, html } from '../html';
import { handlings, type LoadPlanForm, maxRows, rowFields } from '../load-plan-form';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError, page } from './layout';

type Problems = Pick<FormState, 'error' | 'fields'>;

const rowLabels: Record<(typeof rowFields)[number], string> = {
  id: 'Item',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  weight: 'Weight',
  quantity: 'Quantity',
};

/** The swatch classes (app palette in views.css); the 3D view reads its colours from them. */
const paletteSize = 10;
const swatch = (itemIndex: number) => `swatch swatch-${itemIndex % paletteSize}`;
const fixed = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (ratio: number) => `${fixed(ratio * 100, 1)} %`;
const width = (ratio: number) => `w${Math.max(0, Math.min(100, Math.round(ratio * 100)))}`;

function problemOf(problems: Problems, name: string, id: string, label: string) {
  const problem = problems.fields[name];
  return {
    attributes: problem ? html`aria-invalid="true" aria-describedby="${id}-error"` : '',
    message: problem ? html`<p class="field-error" id="${id}-error">${label} ${problem}.</p>` : '',
  };
}

function select(
  problems: Problems,
  field: { name: string; id: string; problem: string },
  label: string,
  value: string,
  options: readonly (readonly [string, string])[],
): Html {
  const { name, id } = field;
  const { attributes, message } = problemOf(problems, field.problem, id, label);
  return html`<div>
    <label for="${id}">${label}</label>
    <select id="${id}" name="${name}" ${attributes}>
      ${options.map(
        ([option, text]) => html`<option value="${option}" ${option === value ? 'selected' : ''}>${text}</option>`,
      )}
    </select>
    ${message}
  </div>`;
}

function itemRow(form: LoadPlanForm, problems: Problems, index: number): Html {
  const row = form.rows[index];
  const unit = (name: string) =>
    name === 'weight' ? ` (${form.weightUnit})` : name === 'id' || name === 'quantity' ? '' : ` (${form.lengthUnit})`;
  return html`<fieldset class="item-row">
    <legend>Item ${index + 1}</legend>
    ${rowFields.map((name) => {
      const id = `lp-${name}-${index}`;
      const label = rowLabels[name] + unit(name);
      const { attributes, message } = problemOf(problems, `${name}-${index}`, id, label);
      return html`<div class="${name === 'id' ? 'wide' : ''}">
        <label for="${id}">${label}</label>
        <input
          id="${id}"
          name="item_${name}"
          type="text"
          ${name === 'id' ? '' : html`inputmode="${name === 'quantity' ? 'numeric' : 'decimal'}"`}
          value="${row[name]}"
          ${attributes}
        />
        ${message}
      </div>`;
    })}
    ${select(
      problems,
      { name: 'item_handling', id: `lp-handling-${index}`, problem: `handling-${index}` },
      'Handling',
      row.handling,
      Object.entries(handlings),
    )}
  </fieldset>`;
}

const simple = (name: string, label: string) => ({ name, id: `lp-${name}`, problem: name, label });

function planForm(visitor: Visitor, form: LoadPlanForm, problems: Problems): Html {
  const units = simple('length_unit', 'Lengths in');
  const weights = simple('weight_unit', 'Weights in');
  const container = simple('container', 'Container');
  const csv = problemOf(problems, 'items_csv', 'lp-csv', 'The CSV');
  const items = problems.fields.items;
  return html`<div class="card">
    ${formError({ values: {}, ...problems })}
    <form method="post" action="/tools/load-planner" novalidate>
      ${csrfField(visitor)}
      <div class="grid form-grid">
        ${select(problems, units, units.label, form.lengthUnit, [
          ['cm', 'centimetres'],
          ['mm', 'millimetres'],
          ['in', 'inches'],
        ])}
        ${select(problems, weights, weights.label, form.weightUnit, [
          ['kg', 'kilograms'],
          ['lb', 'pounds'],
        ])}
        ${select(problems, container, container.label, form.container, [
          ['auto', 'The planner picks'],
          ...STANDARD_CONTAINER_TYPES.map((type) => [type, type] as const),
        ])}
      </div>
      ${items ? html`<p class="field-error" id="lp-items-error">Items: ${items}.</p>` : ''}
      ${form.rows.map((_, index) => itemRow(form, problems, index))}
      <div class="actions">
        ${
          form.rows.length < maxRows
            ? html`<button class="secondary" name="action" value="add_row">Add an item row</button>`
            : ''
        }
      </div>
      <label for="lp-csv">Or paste a CSV of items</label>
      <p class="muted" id="lp-csv-help">
        A header line with id, length, width, height, weight, quantity (optional: stop, handling as
        ${Object.keys(handlings).join(', ')}); the units are those chosen above.
      </p>
      <textarea
        id="lp-csv"
        name="items_csv"
        rows="5"
        spellcheck="false"
        aria-describedby="lp-csv-help${problems.fields.items_csv ? ' lp-csv-error' : ''}"
        ${problems.fields.items_csv ? 'aria-invalid="true"' : ''}
      >
${form.csv}</textarea>
      ${csv.message}
      <div class="csv-file" hidden>
        <label for="lp-csv-file">Read a CSV file into the box</label>
        <input id="lp-csv-file" type="file" accept=".csv,text/csv,text/plain" />
      </div>
      <div class="actions"><button name="action" value="plan">Plan the load</button></div>
    </form>
  </div>`;
}

/** The plan as the 3D view draws it: millimetres, pieces in loading order as [x, y, z, l, w, h, item]. */
function viewData(result: LoadPlanResult, itemIds: string[]): string {
  return JSON.stringify({
    items: itemIds,
    containers: result.containers.map((c) => ({
      name: `${c.type} · ${c.name}`,
      inside: [c.insideMm.length, c.insideMm.width, c.usableHeightMm],
      pieces: c.pieces.map((p) => [p.x, p.y, p.z, p.length, p.width, p.height, p.itemIndex]),
    })),
  });
}

function meter(label: string, ratio: number): Html {
  return html`<div class="meter-row">
    <span>${label}</span><strong>${percent(ratio)}</strong>
    <div
      class="meter"
      role="meter"
      aria-label="${label}"
      aria-valuemin="0"
      aria-valuemax="100"
      aria-valuenow="${fixed(ratio * 100, 1)}"
    >
      <span class="${width(ratio)}"></span>
    </div>
  </div>`;
}

function containerSummary(container: ContainerPlan): Html {
  return html`<section class="container-use" aria-labelledby="lp-use-${container.index}">
    <h3 id="lp-use-${container.index}">Container ${container.index + 1}: ${container.type}</h3>
    ${meter('Volume', container.volumeUtilisation)} ${meter('Weight', container.weightUtilisation)}
    <p class="muted">
      ${container.pieces.length} pieces, ${fixed(container.loadedVolumeM3, 2)} m³, ${fixed(container.loadedWeightKg, 0)}
      kg of ${fixed(container.payloadKg, 0)} kg
      payload${
        container.centreOfGravityOffset
          ? html`; centre of gravity ${fixed(container.centreOfGravityOffset.x, 0)} mm from the middle towards the doors`
          : ''
      }
    </p>
  </section>`;
}

const money = (value: { amount: string; currency: string } | null) =>
  value === null ? 'no price given' : `${value.currency} ${value.amount}`;
const recommendations: Record<FreightModeComparison['recommendation'], string> = {
  fcl: 'Ship FCL',
  lcl: 'Ship LCL',
  either: 'FCL or LCL',
  none: 'Nothing fits a container',
};

function freightAdvice(mode: FreightModeComparison, itemIds: string[]): Html {
  return html`<section class="card" aria-labelledby="lp-advice">
    <h2 id="lp-advice">FCL or LCL: <span class="badge live">${recommendations[mode.recommendation]}</span></h2>
    <p>${mode.explanation}</p>
    <table class="facts">
      <tbody>
        <tr>
          <th scope="row">Cargo that can ship</th>
          <td>${fixed(mode.cargoVolumeM3, 2)} m³, ${fixed(mode.cargoWeightKg, 0)} kg</td>
        </tr>
        <tr>
          <th scope="row">Chargeable (W/M)</th>
          <td>${fixed(mode.chargeableWM, 3)}</td>
        </tr>
        <tr>
          <th scope="row">LCL</th>
          <td>${money(mode.lclCost)}</td>
        </tr>
        <tr>
          <th scope="row">FCL</th>
          <td>
            ${mode.fcl.containers.map((c) => `${c.count} × ${c.type}`).join(', ') || 'none'}: ${money(mode.fcl.cost)}
          </td>
        </tr>
        <tr>
          <th scope="row">Basis</th>
          <td>${mode.basis === 'prices' ? 'the prices given' : 'the volume rule (no prices given)'}</td>
        </tr>
      </tbody>
    </table>
    ${
      mode.excluded.length > 0
        ? html`<h3>Excluded cargo</h3>
            <p class="muted">These pieces fit none of the containers considered; the advice leaves them out.</p>
            <ul class="excluded">
              ${mode.excluded.map(
                (e) =>
                  html`<li>
                    <strong>${itemIds[e.itemIndex] ?? e.itemId}</strong> × ${e.quantity} (${fixed(e.volumeM3, 2)} m³,
                    ${fixed(e.weightKg, 0)} kg): ${e.detail}
                  </li>`,
              )}
            </ul>`
        : ''
    }
  </section>`;
}

/** The loading list, first pieces first; long lists are cut (the API gives every piece). */
const listedPieces = 200;

function loadingList(container: ContainerPlan, itemIds: string[]): Html {
  const shown = container.pieces.slice(0, listedPieces);
  return html`<details class="card loading-list">
    <summary>
      Container ${container.index + 1} (${container.type}): loading list, ${container.pieces.length} pieces
    </summary>
    <div class="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Item</th>
            <th scope="col">Position x, y, z (mm)</th>
            <th scope="col">Size as placed (mm)</th>
            <th scope="col">Stop</th>
          </tr>
        </thead>
        <tbody>
          ${shown.map(
            (p) =>
              html`<tr>
                <td>${p.sequence}</td>
                <td><span class="${swatch(p.itemIndex)}"></span> ${itemIds[p.itemIndex] ?? p.itemId}</td>
                <td>${p.x}, ${p.y}, ${p.z}</td>
                <td>${p.length} × ${p.width} × ${p.height}</td>
                <td>${p.stop}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${
      container.pieces.length > listedPieces
        ? html`<p class="muted">
            The first ${listedPieces} of ${container.pieces.length}; the 3D view steps through all.
          </p>`
        : ''
    }
  </details>`;
}

function planView(result: LoadPlanResult, itemIds: string[]): Html {
  const { summary } = result;
  const total = result.containers[0]?.pieces.length ?? 0;
  return html`<h2>The plan</h2>
    <div class="plan-layout">
      <section class="card viewer" aria-labelledby="lp-view-title">
        <h3 id="lp-view-title">3D view</h3>
        ${
          result.containers.length > 1
            ? html`<div class="container-tabs" role="group" aria-label="Container shown">
                ${result.containers.map(
                  (c, i) =>
                    html`<button
                      type="button"
                      class="secondary"
                      data-container="${i}"
                      aria-pressed="${String(i === 0)}"
                    >
                      ${i + 1}: ${c.type}
                    </button>`,
                )}
              </div>`
            : ''
        }
        <div
          id="lp-view"
          class="view-box"
          data-plan="${viewData(result, itemIds)}"
          tabindex="0"
          role="img"
          aria-label="The loaded container in 3D: drag to rotate, scroll or pinch to zoom, arrow keys to pan"
        ></div>
        <p class="muted" id="lp-view-status" role="status">
          The 3D view needs JavaScript and WebGL; the loading list below has every position.
        </p>
        <div class="view-controls" role="group" aria-label="View">
          <button type="button" class="secondary" data-view="left">Rotate left</button>
          <button type="button" class="secondary" data-view="right">Rotate right</button>
          <button type="button" class="secondary" data-view="in">Zoom in</button>
          <button type="button" class="secondary" data-view="out">Zoom out</button>
          <button type="button" class="secondary" data-view="reset">Reset view</button>
        </div>
        <div class="stepper">
          <label for="lp-step">Loading order: pieces shown</label>
          <input id="lp-step" type="range" min="0" max="${total}" value="${total}" step="1" />
          <div class="actions">
            <button type="button" class="secondary" data-step="-1">Previous piece</button>
            <button type="button" class="secondary" data-step="1">Next piece</button>
            <output id="lp-step-text" for="lp-step">All ${total} pieces</output>
          </div>
        </div>
        <ul class="legend" aria-label="Colours by item">
          ${itemIds.map((id, i) => html`<li><span class="${swatch(i)}" data-item="${i}"></span>${id}</li>`)}
        </ul>
      </section>
      <aside class="plan-facts">
        <section class="card" aria-labelledby="lp-use">
          <h2 id="lp-use">Utilisation</h2>
          <p>
            ${summary.placedPieces} of ${summary.requestedPieces} pieces placed in ${result.containers.length}
            container${result.containers.length === 1 ? '' : 's'}: ${fixed(summary.loadedVolumeM3, 2)} m³,
            ${fixed(summary.loadedWeightKg, 0)} kg
          </p>
          ${meter('Volume, all containers', summary.volumeUtilisation)}
          ${meter('Weight, all containers', summary.weightUtilisation)} ${result.containers.map(containerSummary)}
          ${
            result.unplaced.length > 0
              ? html`<h3>Not placed</h3>
                  <ul class="excluded">
                    ${result.unplaced.map(
                      (u) =>
                        html`<li>
                          <strong>${itemIds[u.itemIndex] ?? u.itemId}</strong> × ${u.quantity}: ${u.detail}
                        </li>`,
                    )}
                  </ul>`
              : ''
          }
        </section>
        ${freightAdvice(result.freightMode, itemIds)}
      </aside>
    </div>
    ${result.containers.map((c) => loadingList(c, itemIds))}`;
}

/**
 * The page's own files: its stylesheet and CSV reader; with a plan, three and OrbitControls preloaded
 * with their integrity (the view's imports of them are checked so), then the view.
 */
function viewScripts(visitor: Visitor, withPlan: boolean): Html {
  const { threeCore, three, orbitControls, loadPlanView, viewsCss, loadPlanForm } = visitor.assets;
  return html`<link rel="stylesheet" href="${viewsCss.url}" integrity="${viewsCss.integrity}" />
    <script src="${loadPlanForm.url}" integrity="${loadPlanForm.integrity}" defer></script>
    ${
      withPlan
        ? html`${[threeCore, three, orbitControls].map(
              (asset) => html`<link rel="modulepreload" href="${asset.url}" integrity="${asset.integrity}" />`,
            )}
            <script type="module" src="${loadPlanView.url}" integrity="${loadPlanView.integrity}"></script>`
        : ''
    }`;
}

export function loadPlanPage(
  visitor: Visitor,
  form: LoadPlanForm,
  problems: Problems,
  result: { plan: LoadPlanResult; itemIds: string[] } | null,
): Html {
  return page(
    visitor,
    'Load planner',
    html`<h1>Load planner</h1>
      <p class="muted">
        Pieces in, containers out: each plan is checked by the planner's independent validator and uses one of your
        plan's daily load plans, as <code>POST /api/load-plans</code> does.
      </p>
      ${planForm(visitor, form, problems)} ${result ? planView(result.plan, result.itemIds) : ''}`,
    { head: viewScripts(visitor, result !== null) },
  );
}
