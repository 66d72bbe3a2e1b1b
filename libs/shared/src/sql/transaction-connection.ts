import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';

/** Parameterised statements (`$1`, `$2`, …) on one connection. */
export interface SqlConnection {
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The connection of the transaction running in this async context, or `undefined` outside one.
 * What runs on it commits or rolls back with the transaction's own writes, and sees them.
 * `em.transactional` runs its work in a `TransactionContext`, so the transaction is found there;
 * asking `em` itself would make the request's EntityManager fork, which a read does not need.
 */
export function transactionConnection(em: EntityManager): SqlConnection | undefined {
  const transaction = TransactionContext.getEntityManager(em.name)?.getTransactionContext<Transaction<unknown>>();
  if (!transaction) return undefined;
  return {
    async executeSql(text, values = []) {
      const result = await transaction.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...values]));
      return { rows: [...result.rows] };
    },
  };
}
