/**
 * A small mixed-integer model: variables with bounds and a kind, linear rows with a lower and
 * upper bound, a linear objective to minimise plus a constant. It is plain data so it can be
 * built anywhere and handed to the solver worker as typed arrays (CSR), never as LP text: LP
 * text limits line length and names, and the arrays cost no parsing.
 */

export type VarKind = 'binary' | 'integer' | 'continuous';

/** One term of a linear expression: `coef × variable`. */
export interface Term {
  readonly v: number;
  readonly coef: number;
}

/** The arrays HiGHS's `createModel` takes (the shape of its `ModelData`, sense minimise). */
export interface MipArrays {
  numCols: number;
  numRows: number;
  offset: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  integrality: Int32Array;
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
}

export class MipModel {
  readonly names: string[] = [];
  private readonly lower: number[] = [];
  private readonly upper: number[] = [];
  private readonly kinds: VarKind[] = [];
  private readonly cost: number[] = [];
  private offset = 0;
  private readonly rowLower: number[] = [];
  private readonly rowUpper: number[] = [];
  private readonly rowStarts: number[] = [0];
  private readonly rowIndices: number[] = [];
  private readonly rowValues: number[] = [];

  /** Adds a variable and returns its index; a binary is an integer in [0, 1]. */
  addVar(
    name: string,
    kind: VarKind,
    lower = 0,
    upper = kind === 'binary' ? 1 : Number.POSITIVE_INFINITY,
  ): number {
    if (lower > upper)
      throw new Error(`Variable ${name}: lower bound ${lower} is above upper bound ${upper}`);
    this.names.push(name);
    this.kinds.push(kind);
    this.lower.push(kind === 'binary' ? Math.max(0, lower) : lower);
    this.upper.push(kind === 'binary' ? Math.min(1, upper) : upper);
    this.cost.push(0);
    return this.names.length - 1;
  }

  get varCount(): number {
    return this.names.length;
  }

  get rowCount(): number {
    return this.rowLower.length;
  }

  /** Fixes a variable to one value (a day off fixes its assignments to 0). */
  fix(v: number, value: number): void {
    this.check(v);
    this.lower[v] = value;
    this.upper[v] = value;
  }

  /** Adds `coef × v` to the objective (minimised). */
  addCost(v: number, coef: number): void {
    this.check(v);
    this.cost[v] = (this.cost[v] ?? 0) + coef;
  }

  /** Adds a constant to the objective, e.g. the full weight of requests that are then refunded per variable. */
  addConstant(value: number): void {
    this.offset += value;
  }

  /** Adds `lower ≤ Σ terms ≤ upper`; terms on the same variable are summed, zero terms dropped. */
  addRow(terms: readonly Term[], lower: number, upper: number): number {
    if (lower > upper) throw new Error(`Constraint with lower bound ${lower} above upper bound ${upper}`);
    const merged = new Map<number, number>();
    for (const t of terms) {
      this.check(t.v);
      merged.set(t.v, (merged.get(t.v) ?? 0) + t.coef);
    }
    for (const [v, coef] of merged) {
      if (coef === 0) continue;
      this.rowIndices.push(v);
      this.rowValues.push(coef);
    }
    this.rowStarts.push(this.rowIndices.length);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
    return this.rowLower.length - 1;
  }

  /** `Σ terms ≤ upper`. */
  atMost(terms: readonly Term[], upper: number): number {
    return this.addRow(terms, Number.NEGATIVE_INFINITY, upper);
  }

  /** `Σ terms ≥ lower`. */
  atLeast(terms: readonly Term[], lower: number): number {
    return this.addRow(terms, lower, Number.POSITIVE_INFINITY);
  }

  /** `Σ terms = value`. */
  equal(terms: readonly Term[], value: number): number {
    return this.addRow(terms, value, value);
  }

  /** The objective of given variable values, computed here rather than trusted from the solver. */
  objectiveOf(values: ArrayLike<number>): number {
    let total = this.offset;
    for (let v = 0; v < this.cost.length; v++) total += (this.cost[v] ?? 0) * (values[v] ?? 0);
    return total;
  }

  toArrays(): MipArrays {
    return {
      numCols: this.names.length,
      numRows: this.rowLower.length,
      offset: this.offset,
      colCost: Float64Array.from(this.cost),
      colLower: Float64Array.from(this.lower),
      colUpper: Float64Array.from(this.upper),
      rowLower: Float64Array.from(this.rowLower),
      rowUpper: Float64Array.from(this.rowUpper),
      integrality: Int32Array.from(this.kinds, (k) => (k === 'continuous' ? 0 : 1)),
      starts: Int32Array.from(this.rowStarts),
      indices: Int32Array.from(this.rowIndices),
      values: Float64Array.from(this.rowValues),
    };
  }

  private check(v: number): void {
    if (!Number.isInteger(v) || v < 0 || v >= this.names.length)
      throw new Error(`No variable ${v} in the model`);
  }
}

/** Terms with coefficient 1 for each variable. */
export function sum(vars: readonly number[]): Term[] {
  return vars.map((v) => ({ v, coef: 1 }));
}
