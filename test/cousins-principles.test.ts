// Issue #27's principles (test/cases/cousins-principles.ts) through the whole guard set, in the
// adversary fixture: every attack cousin is stopped, every ordinary one passes.

import { PRINCIPLE_COUSINS } from './cases/cousins-principles';
import { cousinSuite } from './support/cousin-suite';

cousinSuite(PRINCIPLE_COUSINS, 'principle');
