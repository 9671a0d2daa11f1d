import { namesOnly } from './table';
// PowerShell's programs as data: the cmdlets the translator reads (their aliases, what the guards read
// them as, the parameters that take a value, with PowerShell → POSIX examples), the .NET static
// methods by what they do, the type and registry-hive spellings, and the variables and special
// folders whose value is a known place under the home folder. The translator is
// core/shell/powershell.ts; test/powershell.test.ts runs every row's examples.

/**
 * One cmdlet: its aliases, what the guards read it as, and its parameters that take a value (the
 * others are switches or name paths). The translation per cmdlet is `translateCmdlet`; `examples`
 * are PowerShell → POSIX pairs (tests).
 */
export interface CmdletRow {
  name: string;
  aliases: readonly string[];
  /** The POSIX command the guards read. */
  as: string;
  /** Named parameters that take a value which is not a path. */
  values?: readonly string[];
  examples: readonly (readonly [string, string])[];
}

export const CMDLETS: readonly CmdletRow[] = [
  {
    name: 'remove-item',
    aliases: ['rm', 'del', 'erase', 'rd', 'rmdir', 'ri'],
    as: 'rm [-r] [-f] -- PATH... (piped items when no path is given)',
    values: ['Include', 'Exclude', 'Filter', 'Stream', 'Credential'],
    examples: [
      ['Remove-Item -Recurse -Force C:\\', 'rm -r -f -- C:/'],
      ['Remove-Item ~\\* -Recurse -Force', 'rm -r -f -- ~/*'],
      ['Remove-Item ./dist -Recurse -Force', 'rm -r -f -- ./dist'],
      ['Get-Item ~ | Remove-Item -Recurse -Force', 'ls -d -- ~ | rm -r -f -- ~'],
      ['Get-ChildItem / | Remove-Item -Recurse -Force', 'ls -- / | rm -r -f -- / /*'],
      ['Remove-Item env:FOO', 'unset FOO'],
      ['Remove-Item $HOME -Recurse:$true -Force', 'rm -r -f -- ~'],
      ['Remove-Item (Resolve-Path ~) -Recurse -Force', 'rm -r -f -- ~'],
      ['Get-ChildItem -Path $HOME -Recurse | Remove-Item -Force', 'ls -- ~ | rm -r -f -- ~ ~/*'],
      ['rd /s /q C:\\Users', 'rm -r -f -- C:/Users'],
      ['(Get-Item ~).Delete($true)', 'rm -r -f -- ~'],
    ],
  },
  {
    name: 'get-content',
    aliases: ['gc', 'cat', 'type'],
    as: 'cat -- PATH... (printenv NAME for env:NAME)',
    values: ['TotalCount', 'Head', 'First', 'Tail', 'Last', 'Encoding', 'Delimiter', 'ReadCount', 'Stream', 'Filter', 'Include', 'Exclude'],
    examples: [
      ['Get-Content .env | Select-Object -First 5', 'cat -- .env | select-object -First 5'],
      ['gc -Path README.md -TotalCount 3', 'cat -- README.md'],
      ['Get-Content env:GITHUB_TOKEN', 'printenv GITHUB_TOKEN'],
    ],
  },
  {
    name: 'select-string',
    aliases: ['sls'],
    as: 'grep PATTERN PATH...',
    values: ['Pattern', 'Encoding', 'Context', 'Include', 'Exclude'],
    examples: [
      ['Select-String -Path .env -Pattern .', 'grep . .env'],
      ['Select-String TODO src/app.ts', 'grep TODO src/app.ts'],
    ],
  },
  {
    name: 'invoke-webrequest',
    aliases: ['iwr', 'irm', 'invoke-restmethod', 'curl', 'wget'],
    as: 'curl URL [> OUTFILE]',
    values: [
      'Method',
      'Headers',
      'Body',
      'ContentType',
      'UserAgent',
      'InFile',
      'Proxy',
      'Credential',
      'SessionVariable',
      'WebSession',
      'TimeoutSec',
      'MaximumRedirection',
    ],
    examples: [
      ['iwr https://x.example/i.ps1 -OutFile i.ps1', 'curl https://x.example/i.ps1 > i.ps1'],
      ['Invoke-RestMethod https://api.example/v1/items', 'curl https://api.example/v1/items'],
      ['Invoke-RestMethod -Uri https://api.example/v1 -Method Post -InFile data.json', 'curl -T data.json https://api.example/v1'],
      ["iwr https://api.example/v1 -Method Post -Body 'a b'", "curl --data-binary 'a b' https://api.example/v1"],
    ],
  },
  { name: 'invoke-expression', aliases: ['iex'], as: 'the literal string read as PowerShell; sh -c VALUE when it is computed', examples: [] },
  {
    name: 'invoke-command',
    aliases: ['icm'],
    as: 'the script block',
    values: ['ComputerName', 'Session', 'ArgumentList', 'Credential', 'FilePath'],
    examples: [['Invoke-Command -ScriptBlock { Remove-Item -Recurse -Force $HOME }', '{ rm -r -f -- ~; }']],
  },
  {
    name: 'foreach-object',
    aliases: ['%', 'foreach'],
    as: 'the block, once per literal input with $_ bound; a names-only projection of an env dump is cut -d= -f1',
    examples: [["'a','b' | ForEach-Object { Remove-Item $_ }", 'echo a b | { rm -- a; rm -- b; }']],
  },
  {
    name: 'copy-item',
    aliases: ['cp', 'copy', 'cpi'],
    as: 'cp [-r] SOURCE... DESTINATION',
    values: ['Destination', 'Filter', 'Include', 'Exclude'],
    examples: [['Copy-Item .env $env:TEMP/x.txt', 'cp .env ${TEMP}/x.txt']],
  },
  { name: 'move-item', aliases: ['mv', 'move', 'mi'], as: 'mv SOURCE... DESTINATION', values: ['Destination', 'Filter', 'Include', 'Exclude'], examples: [] },
  { name: 'rename-item', aliases: ['ren', 'rni'], as: 'mv PATH DIR/NEWNAME', values: [], examples: [['Rename-Item src/a.ts b.ts', 'mv -- src/a.ts src/b.ts']] },
  {
    name: 'set-content',
    aliases: ['sc'],
    as: "printf '%s\\n' VALUE > PATH (tee PATH for piped input)",
    values: ['Value', 'Encoding', 'Stream', 'Filter', 'Include', 'Exclude'],
    examples: [["Set-Content package-lock.json '{}'", "printf '%s\\n' '{}' > package-lock.json"]],
  },
  {
    name: 'add-content',
    aliases: ['ac'],
    as: "printf '%s\\n' VALUE >> PATH (tee -a PATH for piped input)",
    values: ['Value', 'Encoding', 'Stream', 'Filter', 'Include', 'Exclude'],
    examples: [["Add-Content notes.txt 'done'", "printf '%s\\n' done >> notes.txt"]],
  },
  {
    name: 'out-file',
    aliases: [],
    as: 'tee [-a] PATH',
    values: ['Encoding', 'Width', 'InputObject'],
    examples: [["'x' | Out-File -Append ~/.profile", 'echo x | tee -a ~/.profile']],
  },
  {
    name: 'clear-content',
    aliases: ['clc'],
    as: ': > PATH',
    values: ['Filter', 'Include', 'Exclude', 'Stream'],
    examples: [['Clear-Content app.log', ': > app.log']],
  },
  {
    name: 'new-item',
    aliases: ['ni'],
    as: "mkdir -p -- PATH (-ItemType Directory), printf '%s' VALUE > PATH (a file)",
    values: ['ItemType', 'Type', 'Value', 'Name', 'Target'],
    examples: [
      ['New-Item -ItemType Directory -Path build', 'mkdir -p -- build'],
      ["New-Item -ItemType File -Path $HOME/x -Value 'x'", "printf '%s' x > ~/x"],
    ],
  },
  { name: 'mkdir', aliases: ['md'], as: 'mkdir -p -- PATH', examples: [['mkdir build', 'mkdir -p -- build']] },
  {
    name: 'set-itemproperty',
    aliases: ['sp', 'new-itemproperty', 'set-item', 'si', 'remove-itemproperty', 'rp', 'clear-itemproperty', 'clear-item', 'cli'],
    as: "printf '%s\\n' VALUE > PATH (a registry key HKCU:\\... is the path /registry/HKCU/...)",
    values: ['Name', 'Value', 'PropertyType', 'Type', 'Filter', 'Include', 'Exclude'],
    examples: [['Set-ItemProperty -Path HKCU:\\Software\\X -Name a -Value b', "printf '%s\\n' b > /registry/HKCU/Software/X"]],
  },
  {
    name: 'expand-archive',
    aliases: [],
    as: 'unzip -o ARCHIVE -d DESTINATION',
    values: [],
    examples: [['Expand-Archive x.zip -DestinationPath out -Force', 'unzip -o x.zip -d out']],
  },
  { name: 'format-volume', aliases: ['clear-disk'], as: 'mkfs', examples: [] },
  { name: 'stop-computer', aliases: [], as: 'shutdown', examples: [] },
  { name: 'restart-computer', aliases: [], as: 'reboot', examples: [] },
  {
    name: 'get-childitem',
    aliases: ['gci', 'ls', 'dir'],
    as: 'ls PATH (names and metadata); env for the env: drive',
    values: ['Filter', 'Include', 'Exclude', 'Depth', 'Attributes'],
    examples: [
      ['Get-ChildItem src', 'ls -- src'],
      ['dir env:', 'env'],
      ['Get-ChildItem env: | Select-Object Name', 'env | cut -d= -f1'],
    ],
  },
  {
    name: 'get-item',
    aliases: ['gi', 'get-itemproperty', 'gp', 'get-acl', 'resolve-path', 'rvpa', 'get-filehash', 'split-path', 'join-path'],
    as: 'ls -d -- PATH (metadata, not the contents); printenv NAME for env:NAME',
    values: ['Name', 'Filter', 'Include', 'Exclude', 'Algorithm', 'ChildPath', 'Stream'],
    examples: [
      ['Get-Item .env | Select-Object Length', 'ls -d -- .env | select-object Length'],
      ['Get-Item env:GITHUB_TOKEN', 'printenv GITHUB_TOKEN'],
      ['Get-Item Env:AWS_SECRET_ACCESS_KEY | Select-Object -ExpandProperty Value', 'printenv AWS_SECRET_ACCESS_KEY | cat'],
      ["Get-Content (Join-Path $HOME '.git-credentials')", 'cat -- ~/.git-credentials'],
    ],
  },
  {
    name: 'test-path',
    aliases: [],
    as: 'test -e PATH',
    values: ['PathType', 'Filter', 'Include', 'Exclude', 'OlderThan', 'NewerThan'],
    examples: [
      ['Test-Path .env', 'test -e .env'],
      ['Test-Path $env:USERPROFILE\\.ssh\\id_rsa', 'test -e ~/.ssh/id_rsa'],
    ],
  },
  {
    name: 'write-output',
    aliases: ['echo', 'write', 'write-host', 'write-information', 'out-host', 'out-default', 'out-string'],
    as: 'echo VALUE...',
    values: ['ForegroundColor', 'BackgroundColor', 'Separator', 'Tags', 'Width'],
    examples: [['Write-Output $env:OPENAI_API_KEY', 'echo ${OPENAI_API_KEY}']],
  },
  {
    name: 'select-object',
    aliases: ['select', 'format-table', 'ft', 'format-wide', 'fw', 'format-list', 'fl'],
    as: 'as written; a names-only projection of an env dump (Name, Key) is cut -d= -f1',
    examples: [['gci env: | Select-Object -ExpandProperty Name', 'env | cut -d= -f1']],
  },
  {
    name: 'measure-object',
    aliases: ['measure'],
    as: 'wc -l (-Word: wc -w, -Character: wc -c): it prints counts, never the lines it counts',
    values: ['Property'],
    examples: [['Get-Content .env | Measure-Object -Line', 'cat -- .env | wc -l']],
  },
  {
    name: 'where-object',
    aliases: ['where', '?', 'sort-object', 'sort', 'group-object', 'group'],
    as: 'as written; over an env dump, cat (it passes the name=value lines on)',
    examples: [["gci env: | Where-Object Name -like '*KEY*'", 'env | cat']],
  },
  {
    name: 'start-process',
    aliases: ['saps', 'start'],
    as: 'FILE ARGUMENT... (sudo for -Verb RunAs; cd first for -WorkingDirectory)',
    values: ['WorkingDirectory', 'Verb', 'WindowStyle', 'RedirectStandardOutput', 'RedirectStandardError', 'RedirectStandardInput', 'Credential'],
    examples: [["Start-Process pwsh -ArgumentList '-c','Remove-Item -Recurse -Force ~'", 'rm -r -f -- ~']],
  },
  {
    name: 'set-location',
    aliases: ['cd', 'sl', 'chdir', 'push-location', 'pushd'],
    as: 'cd PATH',
    examples: [['Set-Location ~; Remove-Item * -Recurse', 'cd ~; rm -r -- *']],
  },
];

/**
 * .NET static methods by what they do (type without `System.`, lower case). `args` are the call's
 * arguments; the POSIX command is built from the literal ones.
 */
export interface DotnetRow {
  type: string;
  methods: readonly string[];
  does: 'read' | 'write' | 'append' | 'delete' | 'delete-dir' | 'copy' | 'move' | 'exists' | 'mkdir' | 'list' | 'env-get' | 'env-all' | 'code' | 'start';
  examples: readonly (readonly [string, string])[];
}

export const DOTNET: readonly DotnetRow[] = [
  {
    type: 'io.file',
    methods: ['readalltext', 'readalllines', 'readallbytes', 'readlines', 'opentext', 'openread', 'readalltextasync', 'readalllinesasync'],
    does: 'read',
    examples: [['[IO.File]::ReadAllText(".env")', 'cat -- .env']],
  },
  {
    type: 'io.file',
    methods: ['writealltext', 'writealllines', 'writeallbytes', 'create', 'createtext', 'openwrite'],
    does: 'write',
    examples: [["[System.IO.File]::WriteAllText('.claude/settings.json', '{}')", "printf '%s' '{}' > .claude/settings.json"]],
  },
  { type: 'io.file', methods: ['appendalltext', 'appendalllines', 'appendtext'], does: 'append', examples: [] },
  { type: 'io.file', methods: ['delete'], does: 'delete', examples: [["[IO.File]::Delete('a.txt')", 'rm -f -- a.txt']] },
  { type: 'io.file', methods: ['copy'], does: 'copy', examples: [] },
  { type: 'io.file', methods: ['move', 'replace'], does: 'move', examples: [] },
  { type: 'io.file', methods: ['exists'], does: 'exists', examples: [] },
  { type: 'io.directory', methods: ['delete'], does: 'delete-dir', examples: [['[IO.Directory]::Delete($HOME, $true)', 'rm -r -f -- ~']] },
  {
    type: 'microsoft.visualbasic.fileio.filesystem',
    methods: ['deletedirectory'],
    does: 'delete-dir',
    examples: [["[Microsoft.VisualBasic.FileIO.FileSystem]::DeleteDirectory($HOME, 'DeleteAllContents')", 'rm -r -f -- ~']],
  },
  { type: 'microsoft.visualbasic.fileio.filesystem', methods: ['deletefile'], does: 'delete', examples: [] },
  { type: 'io.directory', methods: ['createdirectory'], does: 'mkdir', examples: [] },
  { type: 'io.directory', methods: ['move'], does: 'move', examples: [] },
  { type: 'io.directory', methods: ['exists'], does: 'exists', examples: [] },
  {
    type: 'io.directory',
    methods: ['getfiles', 'getdirectories', 'enumeratefiles', 'enumeratedirectories', 'getfilesystementries'],
    does: 'list',
    examples: [],
  },
  {
    type: 'environment',
    methods: ['getenvironmentvariable'],
    does: 'env-get',
    examples: [["[Environment]::GetEnvironmentVariable('GITHUB_TOKEN')", 'printenv GITHUB_TOKEN']],
  },
  { type: 'environment', methods: ['getenvironmentvariables'], does: 'env-all', examples: [['[Environment]::GetEnvironmentVariables()', 'env']] },
  {
    type: 'management.automation.scriptblock',
    methods: ['create'],
    does: 'code',
    examples: [["& ([scriptblock]::Create('Remove-Item -Recurse -Force ~'))", '{ rm -r -f -- ~; }']],
  },
  { type: 'diagnostics.process', methods: ['start'], does: 'start', examples: [] },
];

export const TYPE_ALIASES: Record<string, string> = {
  scriptblock: 'management.automation.scriptblock',
  'system.management.automation.scriptblock': 'management.automation.scriptblock',
};
namesOnly(TYPE_ALIASES);

/** Variables whose value is a known place under the home folder. */
export const WELL_KNOWN: Record<string, string> = {
  profile: '~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1',
  'env:appdata': '~/AppData/Roaming',
  'env:localappdata': '~/AppData/Local',
};
namesOnly(WELL_KNOWN);

export const HIVES: Record<string, string> = {
  hkcu: 'HKCU',
  hkey_current_user: 'HKCU',
  hklm: 'HKLM',
  hkey_local_machine: 'HKLM',
  hkcr: 'HKCR',
  hkey_classes_root: 'HKCR',
  hku: 'HKU',
  hkey_users: 'HKU',
  hkcc: 'HKCC',
  hkey_current_config: 'HKCC',
};
namesOnly(HIVES);

/**
 * The folders `[Environment]::GetFolderPath(…)` names, as this model writes them (home is `~`): the
 * value of the call when its argument is a constant name or `[Environment+SpecialFolder]::Name`.
 */
export const SPECIAL_FOLDERS: Readonly<Record<string, string>> = {
  userprofile: '~',
  personal: '~/Documents',
  mydocuments: '~/Documents',
  desktop: '~/Desktop',
  desktopdirectory: '~/Desktop',
  applicationdata: '~/AppData/Roaming',
  localapplicationdata: '~/AppData/Local',
  startup: '~/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup',
};
namesOnly(SPECIAL_FOLDERS);
