import type { Role } from '@newsroom/contract';

/** Who makes a write, for the checks of the role table on the thing written (decision 099). */
export interface Actor {
  id: string;
  role: Role;
}
