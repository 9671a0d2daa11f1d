// What an install added to a settings file, kept so that uninstall removes exactly that: the
// records settings.ts and sandbox.ts both write and read.

/** What one install added under `sandbox`, so uninstall removes exactly that. */
export interface SandboxRecord {
  /** We added `enabled: true` (absent before). */
  enabled: boolean;
  denyRead: string[];
  allowRead: string[];
}

/** What an install added to one settings file, so uninstall removes exactly that. */
export interface SettingsRecord {
  /** The file did not exist before. */
  createdFile: boolean;
  /** Containers we created (dotted paths): removed again when they end up empty. */
  createdPaths: string[];
  addedDenyRules: string[];
  /** What `install --sandbox` added under `sandbox` (absent: nothing). */
  sandbox?: SandboxRecord;
  /** Original bytes, kept only when removing our additions would not give them back exactly. */
  restore?: { before: string; afterSha256: string };
}
