import type { Role } from '@newsroom/contract';

/**
 * Who makes a write: for the checks of the role table on the thing written (decision 099), and
 * for the audit trail (decision 105), which names them and the address the call came from.
 */
export interface Actor {
  id: string;
  role: Role;
  /** The client's address; null for writes no request made (seeding). */
  address: string | null;
}
