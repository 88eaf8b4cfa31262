import { PackedBox } from './engine/problem';

export interface SequencedBox extends Omit<PackedBox, 'type'> {
  stop: number;
}

/**
 * The order in which to load a container: later stops before earlier ones, and within a stop from
 * the front wall towards the doors, bottom up, left to right, always after the pieces a piece
 * stands on (Kahn's topological sort with that order as priority).
 */
export function loadingOrder(boxes: SequencedBox[]): number[] {
  const n = boxes.length;
  const byTop = new Map<number, number[]>();
  boxes.forEach((b, i) => {
    const top = b.z + b.dz;
    const list = byTop.get(top);
    if (list) list.push(i);
    else byTop.set(top, [i]);
  });
  const carries: number[][] = boxes.map(() => []);
  const waitingFor = new Int32Array(n);
  boxes.forEach((b, i) => {
    if (b.z === 0) return;
    for (const s of byTop.get(b.z) ?? []) {
      const o = boxes[s];
      if (o.x < b.x + b.dx && b.x < o.x + o.dx && o.y < b.y + b.dy && b.y < o.y + o.dy) {
        carries[s].push(i);
        waitingFor[i]++;
      }
    }
  });
  const before = (i: number, j: number): boolean => {
    const a = boxes[i];
    const b = boxes[j];
    return a.stop !== b.stop
      ? a.stop > b.stop
      : a.x !== b.x
        ? a.x < b.x
        : a.z !== b.z
          ? a.z < b.z
          : a.y !== b.y
            ? a.y < b.y
            : i < j;
  };
  const heap = new MinHeap(before);
  for (let i = 0; i < n; i++) if (waitingFor[i] === 0) heap.push(i);
  const order: number[] = [];
  while (heap.size > 0) {
    const i = heap.pop();
    order.push(i);
    for (const j of carries[i]) if (--waitingFor[j] === 0) heap.push(j);
  }
  return order;
}

class MinHeap {
  private readonly items: number[] = [];

  constructor(private readonly less: (a: number, b: number) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const items = this.items;
    items.push(value);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.less(items[at], items[parent])) break;
      [items[at], items[parent]] = [items[parent], items[at]];
      at = parent;
    }
  }

  pop(): number {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        const r = l + 1;
        let min = at;
        if (l < items.length && this.less(items[l], items[min])) min = l;
        if (r < items.length && this.less(items[r], items[min])) min = r;
        if (min === at) break;
        [items[at], items[min]] = [items[min], items[at]];
        at = min;
      }
    }
    return top;
  }
}
