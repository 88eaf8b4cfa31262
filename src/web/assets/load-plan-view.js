// The load planner's 3D view (three, OrbitControls from its addons): the plan in the page's data-plan
// attribute, one container at a time, pieces in loading order, coloured by item. No inline code: the
// server points the imports at the fingerprinted files, which the page preloads with their integrity.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const box = document.getElementById('lp-view');
const status = document.getElementById('lp-view-status');
const step = document.getElementById('lp-step');
const stepText = document.getElementById('lp-step-text');
const plan = JSON.parse(box.dataset.plan);

/** The item colours are the legend's (views.css), so page and picture never disagree. */
const colours = plan.items.map((_, i) => {
  const swatch = document.querySelector(`.legend [data-item="${i}"]`);
  return new THREE.Color(swatch ? getComputedStyle(swatch).backgroundColor : '#888');
});

function webglRenderer() {
  try {
    return new THREE.WebGLRenderer({ antialias: true });
  } catch {
    return null;
  }
}

const renderer = webglRenderer();
if (!renderer) {
  status.textContent =
    'This browser cannot draw the 3D view (WebGL is off); the loading list below has every position.';
} else {
  status.textContent =
    'Drag to rotate, scroll or pinch to zoom, arrow keys to pan; step through the loading order below.';
  start(renderer);
}

function start(renderer) {
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0xf6f8fa);
  box.append(renderer.domElement);
  const scene = new THREE.Scene();
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8899aa, 2.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.4);
  sun.position.set(-4, 8, 6);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.05, 500);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.listenToKeyEvents(box);
  controls.screenSpacePanning = true;
  let shown = null;

  const render = () => {
    renderer.render(scene, camera);
    const p = camera.position;
    // The camera's place, for people's tools and the browser test that rotates the view.
    box.dataset.camera = [p.x, p.y, p.z].map((v) => v.toFixed(3)).join(',');
  };
  controls.addEventListener('change', render);

  function resize() {
    const width = box.clientWidth;
    const height = Math.max(240, Math.round(width * 0.6));
    renderer.setSize(width, height);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  }
  new ResizeObserver(resize).observe(box);

  /** Planner coordinates (x to the doors, y across, z up; mm) to three's (y up; metres), centred. */
  function show(index) {
    if (shown) scene.remove(shown.group);
    const container = plan.containers[index];
    const [length, width, height] = container.inside.map((mm) => mm / 1000);
    const group = new THREE.Group();
    const shell = new THREE.LineSegments(
      new THREE.EdgesGeometry(new THREE.BoxGeometry(length, height, width)),
      new THREE.LineBasicMaterial({ color: 0x0b4f6c }),
    );
    group.add(shell);
    const floor = new THREE.Mesh(
      new THREE.PlaneGeometry(length, width),
      new THREE.MeshLambertMaterial({ color: 0xd9dee5, side: THREE.DoubleSide }),
    );
    floor.rotation.x = -Math.PI / 2;
    floor.position.y = -height / 2 - 0.001;
    group.add(floor);
    // One instanced mesh for all pieces: a plan may hold thousands. A small gap shows where pieces meet.
    const pieces = new THREE.InstancedMesh(
      new THREE.BoxGeometry(1, 1, 1),
      new THREE.MeshLambertMaterial(),
      Math.max(1, container.pieces.length),
    );
    const matrix = new THREE.Matrix4();
    const gap = 0.012;
    container.pieces.forEach(([x, y, z, l, w, h, item], i) => {
      const [px, py, pz, pl, pw, ph] = [x, y, z, l, w, h].map((mm) => mm / 1000);
      matrix.makeScale(Math.max(pl - gap, pl * 0.9), Math.max(ph - gap, ph * 0.9), Math.max(pw - gap, pw * 0.9));
      matrix.setPosition(px + pl / 2 - length / 2, pz + ph / 2 - height / 2, py + pw / 2 - width / 2);
      pieces.setMatrixAt(i, matrix);
      pieces.setColorAt(i, colours[item] ?? colours[0]);
    });
    group.add(pieces);
    // The piece loaded last at the current step, outlined.
    const last = new THREE.LineSegments(
      new THREE.EdgesGeometry(new THREE.BoxGeometry(1, 1, 1)),
      new THREE.LineBasicMaterial({ color: 0x1b2430 }),
    );
    group.add(last);
    scene.add(group);
    shown = { group, pieces, last, container, length, width, height };
    step.max = String(container.pieces.length);
    step.value = step.max;
    resetView();
    setStep(container.pieces.length);
  }

  function setStep(value) {
    const { pieces, last, container } = shown;
    const total = container.pieces.length;
    const count = Math.max(0, Math.min(total, value));
    step.value = String(count);
    pieces.count = count;
    const piece = container.pieces[count - 1];
    last.visible = Boolean(piece) && count < total;
    if (piece) {
      const [x, y, z, l, w, h, item] = piece;
      const { length, width, height } = shown;
      last.scale.set(l / 1000, h / 1000, w / 1000);
      last.position.set(
        (x + l / 2) / 1000 - length / 2,
        (z + h / 2) / 1000 - height / 2,
        (y + w / 2) / 1000 - width / 2,
      );
      stepText.textContent =
        count === total
          ? `All ${total} pieces`
          : `Piece ${count} of ${total}: ${plan.items[item]} at ${x}, ${y}, ${z} mm`;
    } else stepText.textContent = `None of ${total} pieces yet`;
    render();
  }

  /** From above the doors, a little to the side: the way a loader looks in. */
  function resetView() {
    const { length, width, height } = shown;
    const reach = Math.max(length, width * 2, height * 2);
    camera.position.set(length * 0.55 + reach * 0.35, height + reach * 0.45, width * 0.5 + reach * 0.75);
    controls.target.set(0, 0, 0);
    controls.update();
  }

  /** The buttons' turns and zooms, for keyboards: a twelfth of a turn, a fifth nearer or further. */
  function turn(angle) {
    const offset = camera.position.clone().sub(controls.target);
    offset.applyAxisAngle(new THREE.Vector3(0, 1, 0), angle);
    camera.position.copy(controls.target).add(offset);
    controls.update();
  }
  function zoom(factor) {
    const offset = camera.position.clone().sub(controls.target).multiplyScalar(factor);
    camera.position.copy(controls.target).add(offset);
    controls.update();
  }
  const actions = {
    left: () => turn(-Math.PI / 6),
    right: () => turn(Math.PI / 6),
    in: () => zoom(0.8),
    out: () => zoom(1.25),
    reset: resetView,
  };
  document
    .querySelectorAll('[data-view]')
    .forEach((button) => button.addEventListener('click', () => actions[button.dataset.view]()));
  document
    .querySelectorAll('[data-step]')
    .forEach((button) =>
      button.addEventListener('click', () => setStep(Number(step.value) + Number(button.dataset.step))),
    );
  step.addEventListener('input', () => setStep(Number(step.value)));
  document.querySelectorAll('[data-container]').forEach((button) =>
    button.addEventListener('click', () => {
      document
        .querySelectorAll('[data-container]')
        .forEach((other) => other.setAttribute('aria-pressed', String(other === button)));
      show(Number(button.dataset.container));
    }),
  );
  show(0);
  resize();
}
