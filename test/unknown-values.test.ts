// Round 4 class 3 cousins (test/cases/unknown-values.ts) through the whole guard set, in the
// adversary fixture: every attack cousin is stopped, every ordinary one passes.

import { UNKNOWN_VALUE_COUSINS } from './cases/unknown-values';
import { cousinSuite } from './support/cousin-suite';

cousinSuite(UNKNOWN_VALUE_COUSINS, 'construct');
