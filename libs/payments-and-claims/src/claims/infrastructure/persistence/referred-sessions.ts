import { VOIDED_STATUS } from '../../../ledger/domain/medicare-claim.js';
import { REFERRED_ITEM_CODES } from '../../domain/referred-items.js';

/**
 * How many sessions the Medicare claims of `from` (under the alias `m`) that `where` picks took:
 * their referred item lines (`needsReferral`), those of voided claims left out, as a SQL `int`.
 * The item codes are the schedule's own digits, written into the statement.
 */
export const referredSessions = (from: string, where: string): string =>
  `(select count(*)::int from ${from} cross join lateral jsonb_array_elements(m.items) i
    where ${where} and m.payment_status->>'code' <> '${VOIDED_STATUS.code}'
      and i->>'itemCode' = any('{${REFERRED_ITEM_CODES.join(',')}}'::text[]))`;
