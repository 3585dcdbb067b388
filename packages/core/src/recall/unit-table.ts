import { compareCodeUnits } from "../text/compare-code-units.js";
import type { UnitColumns } from "./rank-units.js";
import type { FileUnit } from "./recall-units.js";

/**
 * A recall index's units by id (a `Map`), which also keeps, once {@link UnitTable.columns} was
 * asked, what ranking reads of each unit as columns by id: whether it is there, its text's length,
 * its file and its day (each distinct path and date held once). Every `set`, `delete` and `clear`
 * keeps the columns in step, so a long-lived process ranks each request from them instead of
 * looking up and reading one object per matched unit; a process that ranks once never makes them.
 */
export class UnitTable extends Map<number, FileUnit> {
  #columns: KeptColumns | undefined;
  #asked = false;

  override set(id: number, unit: FileUnit): this {
    super.set(id, unit);
    this.#columns?.put(id, unit);
    return this;
  }

  override delete(id: number): boolean {
    this.#columns?.remove(id);
    return super.delete(id);
  }

  override clear(): void {
    super.clear();
    this.#columns = undefined;
    this.#asked = false;
  }

  /**
   * What ranking reads of the units, by id, from the second call on: the first gives `undefined`
   * (a process that ranks once reads the few objects it needs, and pays nothing for columns); the
   * second makes them from every unit (O(units)), and each change keeps them in step from then on
   * (O(units changed)), until `clear`.
   *
   * @returns The columns, with each unit's day ({@link UnitColumns} `days`); `undefined` at the
   *   first call after the table was made or cleared.
   */
  rankColumns(): UnitColumns | undefined {
    let columns = this.#columns;
    if (columns === undefined) {
      if (!this.#asked) {
        this.#asked = true;
        return undefined;
      }
      columns = new KeptColumns();
      for (const [id, unit] of super.entries()) columns.put(id, unit);
      this.#columns = columns;
    }
    return columns.view((id) => (super.get(id) as FileUnit).text);
  }
}

// The columns by unit id; a date and a path are numbered once, in the order first seen.
class KeptColumns {
  // 0: no unit at this id.
  present = new Uint8Array(0);
  chars = new Int32Array(0);
  file = new Int32Array(0);
  // -1: no date.
  day = new Int32Array(0);
  readonly paths: string[] = [];
  readonly #pathNumbers = new Map<string, number>();
  readonly dates: string[] = [];
  readonly #dateNumbers = new Map<string, number>();
  // Each day's place among the dates in code-unit order, made again when a date was added.
  #ranks = new Int32Array(0);

  put(id: number, unit: FileUnit): void {
    if (id >= this.present.length) this.#grow(id + 1);
    this.present[id] = 1;
    this.chars[id] = unit.text.length;
    this.file[id] = numbered(unit.path, this.paths, this.#pathNumbers);
    this.day[id] =
      unit.date === undefined ? -1 : numbered(unit.date, this.dates, this.#dateNumbers);
  }

  remove(id: number): void {
    if (id < this.present.length) this.present[id] = 0;
  }

  ranks(): Int32Array {
    if (this.#ranks.length !== this.dates.length) {
      const dates = this.dates;
      const byDate = dates
        .map((_date, day) => day)
        .sort((a, b) => compareCodeUnits(dates[a] as string, dates[b] as string));
      const ranks = new Int32Array(dates.length);
      byDate.forEach((day, rank) => {
        ranks[day] = rank;
      });
      this.#ranks = ranks;
    }
    return this.#ranks;
  }

  view(text: (id: number) => string): UnitColumns {
    // Read through `this`: a change after the view is made may grow the columns.
    return {
      has: (id) => this.present[id] === 1,
      path: (id) => this.paths[this.file[id] as number] as string,
      date: (id) => {
        const at = this.day[id] as number;
        return at < 0 ? undefined : this.dates[at];
      },
      chars: (id) => this.chars[id] as number,
      text,
      days: { day: (id) => this.day[id] as number, dates: this.dates, ranks: () => this.ranks() },
    };
  }

  #grow(wanted: number): void {
    const size = Math.max(wanted, 2 * this.present.length, 1_024);
    const grown = <T extends Uint8Array | Int32Array>(old: T, made: T): T => {
      made.set(old);
      return made;
    };
    this.present = grown(this.present, new Uint8Array(size));
    this.chars = grown(this.chars, new Int32Array(size));
    this.file = grown(this.file, new Int32Array(size));
    this.day = grown(this.day, new Int32Array(size));
  }
}

function numbered(value: string, values: string[], numbers: Map<string, number>): number {
  let number = numbers.get(value);
  if (number === undefined) {
    number = values.length;
    values.push(value);
    numbers.set(value, number);
  }
  return number;
}
