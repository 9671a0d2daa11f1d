// Round 4 host payload, MCP and outgoing-text cousins (test/cases/host-fields.ts) through the whole guard set, in the
// adversary fixture: every attack cousin is stopped, every ordinary one passes.

import { HOST_FIELD_COUSINS } from './cases/host-fields';
import { cousinSuite } from './support/cousin-suite';

cousinSuite(HOST_FIELD_COUSINS, 'family');
