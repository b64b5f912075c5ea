// `?`-parameter SQL both backends run unchanged, for the stores not yet written over the fleet database.
type Row = Record<string, unknown>;

export interface PortableQueries {
  one(sql: string, ...params: unknown[]): Promise<Row | undefined>;
  many(sql: string, ...params: unknown[]): Promise<Row[]>;
  run(sql: string, ...params: unknown[]): Promise<unknown>;
}
