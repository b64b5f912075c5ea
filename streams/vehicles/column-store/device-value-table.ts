import type { LiveValue } from '../../../contract/protocol/types';

export type Values = Readonly<Record<string, LiveValue>>;

/** The key order of a values object; devices that report the same keys in the same order share one. */
interface Layout {
  readonly id: number;
  readonly keys: readonly string[];
  /** 32-bit words of the text mask: bit i of the mask says cell i holds a text code. */
  readonly maskWords: number;
  /** A key named "__proto__" cannot be assigned: such values objects are built with defineProperty. */
  readonly assignable: boolean;
  /** Per key, the last text written and its code: a device repeats its texts, so most need no lookup. */
  readonly lastText: Array<string | undefined>;
  readonly lastCode: number[];
}

// A region is [layout id, device time, text mask words…, one cell per key]. A cell holds a number,
// NaN for null (JSON has no NaN, and the decoder rejects it), or, where the mask's bit is set, the
// code of a text value. Texts are interned: a device's texts ("on", "off", "cool") come from a small
// set, and a code in the cell keeps the per-frame path to dense writes of a region or two of cache.
const TIME = 1;
const MASK = 2;
const NONE = -1;
/** Rebuild once this many layouts or texts exist, keeping only those in use, so key sets or texts that keep changing cannot grow memory without bound. */
const INTERN_LIMIT = 4096;

const maskWordsFor = (keys: number): number => Math.ceil(keys / 32);
const cellsFor = (keys: number): number => MASK + maskWordsFor(keys) + keys;

const NO_VALUES: Values = Object.freeze({});

/**
 * The latest values of every device slot of one fleet generation, held as numbers in one
 * Float64Array rather than as the decoded objects. Keeping the decoded objects would make the young
 * generation's collector copy and promote every frame's values (the single largest cost per frame,
 * measured at about a quarter of the time JSON.parse takes); copying them into cells written in place
 * keeps each frame's garbage short-lived, as JSON.parse's own is. Values objects for the UI are built
 * on read and cached until the slot is written again, so an unchanged device keeps its identity.
 */
export class DeviceValueTable {
  private data: Float64Array;
  private top = 0;
  /** Cells of regions that were moved away from; compacted when they outweigh the live ones. */
  private wasted = 0;
  private readonly offsets: Int32Array;
  private readonly written: Uint8Array;
  private readonly built: Array<Values | undefined>;
  private layouts: Layout[] = [];
  private layoutIds = new Map<string, number>();
  private texts: string[] = [];
  private textCodes = new Map<string, number>();
  private internLimit = INTERN_LIMIT;

  constructor(readonly slots: number) {
    this.offsets = new Int32Array(slots).fill(NONE);
    this.written = new Uint8Array(slots);
    this.built = new Array<Values | undefined>(slots).fill(undefined);
    this.data = new Float64Array(Math.max(64, slots * 4));
  }

  /** What the table holds beyond the values themselves: bounded however often key sets or texts change. */
  footprint(): { cells: number; layouts: number; texts: number } {
    return { cells: this.data.length, layouts: this.layouts.length, texts: this.texts.length };
  }

  has(slot: number): boolean {
    return (this.offsets[slot] as number) !== NONE;
  }

  /** Device time of the slot's latest values, 0 before any. */
  ts(slot: number): number {
    const at = this.offsets[slot] as number;
    return at === NONE ? 0 : (this.data[at + TIME] as number);
  }

  /** Stores a whole set of values (a cmd 1 frame's) and its device time in the slot. */
  write(slot: number, values: Values, ts: number): void {
    const at = this.offsets[slot] as number;
    if (at === NONE || !this.fill(at, values, ts)) this.place(slot, values, ts);
    this.written[slot] = 1;
    if (this.texts.length >= this.internLimit) this.compact();
  }

  /** The slot's values as an object: the same object until the slot is written again. */
  values(slot: number): Values {
    const at = this.offsets[slot] as number;
    if (at === NONE) return NO_VALUES;
    const cached = this.built[slot];
    if (cached !== undefined && this.written[slot] === 0) return cached;
    const built = this.build(at);
    this.built[slot] = built;
    this.written[slot] = 0;
    return built;
  }

  /** Copies a slot of another generation, keeping its built values object. */
  copyFrom(from: DeviceValueTable, fromSlot: number, toSlot: number): void {
    const at = from.offsets[fromSlot] as number;
    if (at === NONE) return;
    this.offsets[toSlot] = this.copyRegion(from.data, from.layouts, from.texts, at);
    this.built[toSlot] = from.built[fromSlot];
    this.written[toSlot] = from.written[fromSlot] as number;
  }

  /** Writes into the slot's region; false (and the region abandoned) when the keys differ from its layout. */
  private fill(at: number, values: Values, ts: number): boolean {
    const data = this.data;
    const layout = this.layouts[data[at] as number] as Layout;
    const keys = layout.keys;
    data[at + TIME] = ts;
    for (let word = 0; word < layout.maskWords; word += 1) data[at + MASK + word] = 0;
    let i = 0;
    let cell = at + MASK + layout.maskWords;
    for (const key in values) {
      if (keys[i] !== key) return false;
      const value = values[key];
      if (typeof value === 'number') data[cell] = value;
      else if (value === null) data[cell] = Number.NaN;
      else {
        data[cell] = layout.lastText[i] === value ? (layout.lastCode[i] as number) : this.textCode(value as string, layout, i);
        const word = at + MASK + (i >> 5);
        data[word] = (data[word] as number) | (1 << (i & 31));
      }
      i += 1;
      cell += 1;
    }
    return i === keys.length;
  }

  /** Gives the slot a new region laid out for these values' keys (their first frame, or a changed key set). */
  private place(slot: number, values: Values, ts: number): void {
    const keys = Object.keys(values);
    const previous = this.offsets[slot] as number;
    this.offsets[slot] = NONE;
    if (previous !== NONE) this.wasted += cellsFor((this.layouts[this.data[previous] as number] as Layout).keys.length);
    // Allocating may compact, which renumbers layouts: look the layout up afterwards.
    const at = this.allocate(cellsFor(keys.length));
    this.data[at] = this.layout(keys).id;
    this.offsets[slot] = at;
    this.fill(at, values, ts);
  }

  private layout(keys: readonly string[]): Layout {
    const name = keys.join('\u0000');
    const id = this.layoutIds.get(name);
    if (id !== undefined) return this.layouts[id] as Layout;
    const layout: Layout = {
      id: this.layouts.length,
      keys,
      maskWords: maskWordsFor(keys.length),
      assignable: !keys.includes('__proto__'),
      lastText: keys.map(() => undefined),
      lastCode: keys.map(() => 0),
    };
    this.layouts.push(layout);
    this.layoutIds.set(name, layout.id);
    return layout;
  }

  private textCode(text: string, layout: Layout, key: number): number {
    let code = this.textCodes.get(text);
    if (code === undefined) {
      code = this.texts.length;
      this.texts.push(text);
      this.textCodes.set(text, code);
    }
    layout.lastText[key] = text;
    layout.lastCode[key] = code;
    return code;
  }

  /** The start of `cells` free cells, compacting or growing the array first when needed. */
  private allocate(cells: number): number {
    if (this.layouts.length >= this.internLimit || (this.top + cells > this.data.length && this.wasted > this.top / 2)) this.compact();
    if (this.top + cells > this.data.length) {
      const grown = new Float64Array(Math.ceil((this.top + cells) * 1.5));
      grown.set(this.data.subarray(0, this.top));
      this.data = grown;
    }
    const at = this.top;
    this.top += cells;
    return at;
  }

  /** Moves every live region to a fresh array, dropping abandoned regions and unused layouts and texts. */
  private compact(): void {
    const { data, layouts, texts, top, wasted } = this;
    this.data = new Float64Array(Math.max(64, Math.ceil((top - wasted) * 1.5)));
    this.top = 0;
    this.wasted = 0;
    this.layouts = [];
    this.layoutIds = new Map();
    this.texts = [];
    this.textCodes = new Map();
    this.internLimit = Number.POSITIVE_INFINITY;
    for (let slot = 0; slot < this.slots; slot += 1) {
      const at = this.offsets[slot] as number;
      if (at !== NONE) this.offsets[slot] = this.copyRegion(data, layouts, texts, at);
    }
    this.internLimit = Math.max(INTERN_LIMIT, 2 * Math.max(this.layouts.length, this.texts.length));
  }

  /** Copies a region of another array (this table's before compaction, or another generation's) to a new region here. */
  private copyRegion(data: Float64Array, layouts: readonly Layout[], texts: readonly string[], at: number): number {
    const keys = (layouts[data[at] as number] as Layout).keys;
    const cells = cellsFor(keys.length);
    const to = this.allocate(cells);
    const layout = this.layout(keys);
    this.data[to] = layout.id;
    this.data[to + TIME] = data[at + TIME] as number;
    const first = MASK + maskWordsFor(keys.length);
    for (let i = MASK; i < cells; i += 1) {
      const key = i - first;
      const isText = key >= 0 && ((data[at + MASK + (key >> 5)] as number) & (1 << (key & 31))) !== 0;
      this.data[to + i] = isText ? this.textCode(texts[data[at + i] as number] as string, layout, key) : (data[at + i] as number);
    }
    return to;
  }

  private build(at: number): Values {
    const data = this.data;
    const layout = this.layouts[data[at] as number] as Layout;
    const values: Record<string, LiveValue> = {};
    const first = at + MASK + layout.maskWords;
    for (let i = 0; i < layout.keys.length; i += 1) {
      const key = layout.keys[i] as string;
      const x = data[first + i] as number;
      const isText = ((data[at + MASK + (i >> 5)] as number) & (1 << (i & 31))) !== 0;
      const value = isText ? (this.texts[x] as string) : x !== x ? null : x;
      if (layout.assignable) values[key] = value;
      else Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return values;
  }
}
