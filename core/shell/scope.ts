// Variables, functions and aliases as a subshell, substitution or nested script sees them: a copy of
// the caller's, taken in O(1). Each copy is a layer over the one it was taken from; reads look down
// the layers, writes stay in the top one. The analysis walks a copy to its end before the caller
// goes on, so a layer never sees its parent change under it. Without this, every `$( )` or `( )`
// copied every variable set so far: quadratic in a line that sets many and nests many. A read costs
// one look per layer, and layers are as deep as the walk nests (bounded by MAX_NESTING and the
// function expansion budget), so reads stay O(1) in the length of the line.

import { work } from '../work';

const DELETED = Symbol('deleted');

export class Scope<V> {
  private readonly own = new Map<string, V | typeof DELETED>();

  private constructor(private readonly parent: Scope<V> | null) {}

  static empty<V>(): Scope<V> {
    return new Scope<V>(null);
  }

  get(name: string): V | undefined {
    let layers = 0;
    for (let s: Scope<V> | null = this; s; s = s.parent) {
      layers++;
      const v = s.own.get(name);
      if (v !== undefined) {
        work(layers);
        return v === DELETED ? undefined : v;
      }
    }
    work(layers);
    return undefined;
  }

  set(name: string, value: V): void {
    this.own.set(name, value);
  }

  delete(name: string): void {
    if (this.parent) this.own.set(name, DELETED);
    else this.own.delete(name);
  }

  /** A copy: writes to it do not reach this scope. */
  copy(): Scope<V> {
    return new Scope(this);
  }
}
