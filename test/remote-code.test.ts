// Round 4 class 4 cousins (test/cases/remote-code.ts) through the whole guard set, in the
// adversary fixture: every attack cousin is stopped, every ordinary one passes.

import { REMOTE_CODE_COUSINS } from './cases/remote-code';
import { cousinSuite } from './support/cousin-suite';

cousinSuite(REMOTE_CODE_COUSINS, 'construct');
