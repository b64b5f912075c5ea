import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * A dialect whose queries go out with `prepare` applied to their parameters and whose failures come
 * back through `mapError`: one place for what both databases need around every statement.
 */
export const guardedDialect = (inner: Dialect, mapError: (err: unknown) => unknown, prepare: (params: readonly unknown[]) => readonly unknown[] = (p) => p): Dialect => ({
  createAdapter: () => inner.createAdapter(),
  createQueryCompiler: () => inner.createQueryCompiler(),
  createIntrospector: (db) => inner.createIntrospector(db),
  createDriver: () => new GuardedDriver(inner.createDriver(), mapError, prepare),
});

class GuardedDriver implements Driver {
  readonly #inner: Driver;
  readonly #mapError: (err: unknown) => unknown;
  readonly #prepare: (params: readonly unknown[]) => readonly unknown[];
  // The inner driver releases and runs transactions on its own connection objects.
  readonly #own = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(inner: Driver, mapError: (err: unknown) => unknown, prepare: (params: readonly unknown[]) => readonly unknown[]) {
    this.#inner = inner;
    this.#mapError = mapError;
    this.#prepare = prepare;
  }

  init = () => this.#inner.init();
  destroy = () => this.#inner.destroy();

  acquireConnection = async (): Promise<DatabaseConnection> => {
    const connection = await this.#inner.acquireConnection();
    const guarded: DatabaseConnection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        try {
          return await connection.executeQuery<R>({ ...query, parameters: this.#prepare(query.parameters) });
        } catch (err) {
          throw this.#mapError(err);
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>({ ...query, parameters: this.#prepare(query.parameters) }, chunkSize),
    };
    this.#own.set(guarded, connection);
    return guarded;
  };

  #unwrap = (connection: DatabaseConnection) => this.#own.get(connection) ?? connection;

  beginTransaction = (c: DatabaseConnection, settings: TransactionSettings) => this.#inner.beginTransaction(this.#unwrap(c), settings);
  commitTransaction = (c: DatabaseConnection) => this.#inner.commitTransaction(this.#unwrap(c));
  rollbackTransaction = (c: DatabaseConnection) => this.#inner.rollbackTransaction(this.#unwrap(c));
  releaseConnection = (c: DatabaseConnection) => this.#inner.releaseConnection(this.#unwrap(c));
}
