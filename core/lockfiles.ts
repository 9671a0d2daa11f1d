import { namesOnly } from './programs/table';
// Lockfiles per ecosystem (principle 7): the file, the manifest that owns it, and the package
// manager command that regenerates it. guards/lockfile-hand-edit.ts denies a write to one by
// anything but that package manager. test/repo-writes.test.ts checks every row: a Write of it is
// denied, and its `instead` passes the whole guard set.
//
// Location rule: a lockfile is the project's when it sits where a package manager would keep it,
// beside the manifest that owns it. One under a test-data folder (test/fixtures/yarn.lock,
// testdata/go.sum, __fixtures__/…) is test data, not the project's lockfile: tests write those by
// hand on purpose. The folders are TEST_DATA_DIRS below.

export interface Lockfile {
  ecosystem: string;
  /** The manifest whose dependencies it pins. */
  manifest: string;
  /** How it is regenerated, for the reason. */
  command: string;
  /** A non-interactive command to run instead. */
  instead: string;
}

export const LOCKFILES: Record<string, Lockfile> = {
  'package-lock.json': { ecosystem: 'npm', manifest: 'package.json', command: 'npm install', instead: 'npm install' },
  'npm-shrinkwrap.json': { ecosystem: 'npm', manifest: 'package.json', command: 'npm install', instead: 'npm install' },
  'yarn.lock': { ecosystem: 'Yarn', manifest: 'package.json', command: 'yarn install', instead: 'yarn install' },
  'pnpm-lock.yaml': { ecosystem: 'pnpm', manifest: 'package.json', command: 'pnpm install (or pnpm add <pkg>@<version>)', instead: 'pnpm install' },
  'bun.lock': { ecosystem: 'Bun', manifest: 'package.json', command: 'bun install', instead: 'bun install' },
  'bun.lockb': { ecosystem: 'Bun', manifest: 'package.json', command: 'bun install', instead: 'bun install' },
  'deno.lock': { ecosystem: 'Deno', manifest: 'deno.json', command: 'deno install (or deno cache --reload <entry>)', instead: 'deno install' },
  'Cargo.lock': {
    ecosystem: 'Cargo',
    manifest: 'Cargo.toml',
    command: 'cargo update -p <crate> (or cargo build after editing Cargo.toml)',
    instead: 'cargo update --workspace',
  },
  'poetry.lock': { ecosystem: 'Poetry', manifest: 'pyproject.toml', command: 'poetry lock (or poetry add <pkg>@<version>)', instead: 'poetry lock' },
  'uv.lock': { ecosystem: 'uv', manifest: 'pyproject.toml', command: 'uv lock (or uv add <pkg>)', instead: 'uv lock' },
  'pdm.lock': { ecosystem: 'PDM', manifest: 'pyproject.toml', command: 'pdm lock', instead: 'pdm lock' },
  'pylock.toml': {
    ecosystem: 'Python (PEP 751)',
    manifest: 'pyproject.toml',
    command: 'pip lock -o pylock.toml (or uv export -o pylock.toml)',
    instead: 'uv lock',
  },
  'Pipfile.lock': { ecosystem: 'Pipenv', manifest: 'Pipfile', command: 'pipenv lock', instead: 'pipenv lock' },
  'pixi.lock': { ecosystem: 'pixi', manifest: 'pixi.toml', command: 'pixi install', instead: 'pixi install' },
  'conda-lock.yml': {
    ecosystem: 'conda-lock',
    manifest: 'environment.yml',
    command: 'conda-lock -f environment.yml',
    instead: 'conda-lock -f environment.yml',
  },
  'composer.lock': { ecosystem: 'Composer', manifest: 'composer.json', command: 'composer update <vendor/package>', instead: 'composer update --lock' },
  'Gemfile.lock': { ecosystem: 'Bundler', manifest: 'Gemfile', command: 'bundle install (or bundle update <gem>)', instead: 'bundle install' },
  'gems.locked': { ecosystem: 'Bundler', manifest: 'gems.rb', command: 'bundle install', instead: 'bundle install' },
  'go.sum': { ecosystem: 'Go modules', manifest: 'go.mod', command: 'go mod tidy (or go get <module>@<version>)', instead: 'go mod tidy' },
  'go.work.sum': { ecosystem: 'Go workspaces', manifest: 'go.work', command: 'go work sync (or go mod download)', instead: 'go work sync' },
  'mix.lock': { ecosystem: 'Mix', manifest: 'mix.exs', command: 'mix deps.get (or mix deps.update <dep>)', instead: 'mix deps.get' },
  'rebar.lock': { ecosystem: 'rebar3', manifest: 'rebar.config', command: 'rebar3 upgrade <dep>', instead: 'rebar3 lock' },
  'pubspec.lock': { ecosystem: 'Dart pub', manifest: 'pubspec.yaml', command: 'dart pub get', instead: 'dart pub get' },
  'Podfile.lock': { ecosystem: 'CocoaPods', manifest: 'Podfile', command: 'pod install', instead: 'pod install' },
  'Package.resolved': {
    ecosystem: 'SwiftPM',
    manifest: 'Package.swift',
    command: 'swift package resolve (or swift package update)',
    instead: 'swift package resolve',
  },
  'Cartfile.resolved': { ecosystem: 'Carthage', manifest: 'Cartfile', command: 'carthage update', instead: 'carthage update --no-build' },
  'packages.lock.json': { ecosystem: 'NuGet', manifest: 'the .csproj', command: 'dotnet restore --force-evaluate', instead: 'dotnet restore --force-evaluate' },
  'paket.lock': { ecosystem: 'Paket', manifest: 'paket.dependencies', command: 'dotnet paket install', instead: 'dotnet paket install' },
  'gradle.lockfile': {
    ecosystem: 'Gradle',
    manifest: 'build.gradle',
    command: 'gradle dependencies --write-locks',
    instead: 'gradle dependencies --write-locks',
  },
  'flake.lock': { ecosystem: 'Nix flakes', manifest: 'flake.nix', command: 'nix flake lock (or nix flake update <input>)', instead: 'nix flake lock' },
  '.terraform.lock.hcl': {
    ecosystem: 'Terraform',
    manifest: 'the .tf files',
    command: 'terraform init -upgrade (or terraform providers lock)',
    instead: 'terraform providers lock',
  },
  'MODULE.bazel.lock': {
    ecosystem: 'Bazel',
    manifest: 'MODULE.bazel',
    command: 'bazel mod deps --lockfile_mode=update',
    instead: 'bazel mod deps --lockfile_mode=update',
  },
  'renv.lock': { ecosystem: 'renv (R)', manifest: 'DESCRIPTION', command: 'Rscript -e "renv::snapshot()"', instead: 'Rscript -e "renv::snapshot()"' },
  'Manifest.toml': {
    ecosystem: 'Julia Pkg',
    manifest: 'Project.toml',
    command: 'julia -e "using Pkg; Pkg.resolve()"',
    instead: 'julia --project -e "using Pkg; Pkg.resolve()"',
  },
  'stack.yaml.lock': { ecosystem: 'Stack', manifest: 'stack.yaml', command: 'stack build', instead: 'stack build' },
  'cabal.project.freeze': { ecosystem: 'Cabal', manifest: 'cabal.project', command: 'cabal freeze', instead: 'cabal freeze' },
};
namesOnly(LOCKFILES);

/** Folders that hold test data: a lockfile under one is a fixture, not the project's. */
export const TEST_DATA_DIRS = /(?:^|\/)(?:fixtures?|__fixtures__|testdata|test-data|test_data|__snapshots__|snapshots)\//;

/** The project lockfile `path` is, or null (not a lockfile name, or a fixture by the location rule). */
export function projectLockfile(path: string): Lockfile | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const spec = Object.hasOwn(LOCKFILES, name) ? LOCKFILES[name]! : null;
  if (!spec || TEST_DATA_DIRS.test(path)) return null;
  return spec;
}
