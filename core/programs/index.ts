// Every program family. Adding a program is adding a row to one of these files, with examples.
import type { ProgramSpec } from './types';
import { FILES } from './files';
import { SEARCH } from './search';
import { INTERPRETERS } from './interpreters';
import { NETWORK } from './network';
import { CREDENTIALS, KEY_USERS } from './credentials';
import { DOTENV, ENV } from './env';
import { SYSTEM } from './system';
import { SQL } from './sql';
import { GIT } from './git';
import { DOCKER } from './docker';
import { DELETERS } from './deleters';
import { CRYPTO } from './crypto';
import { LOADERS } from './loaders';
import { CONFIG_FILES } from './config-files';
import { namesOnly } from './table';

export const FAMILIES: Record<string, ProgramSpec[]> = {
  FILES,
  SEARCH,
  INTERPRETERS,
  NETWORK,
  CREDENTIALS,
  KEY_USERS,
  ENV,
  DOTENV,
  SYSTEM,
  SQL,
  GIT,
  DOCKER,
  DELETERS,
  CRYPTO,
  LOADERS,
  CONFIG_FILES,
};
namesOnly(FAMILIES);
