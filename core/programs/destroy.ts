import { namesOnly } from './table';
// Commands that destroy a data store: framework database resets and drops, cloud and infrastructure
// teardown, container volumes, storage pools, key-value stores. One row per program or framework:
// the subcommand and option shapes that destroy, what they destroy, a non-destructive alternative
// where one exists, and examples (blocked ones must be denied by data-destruction, allowed ones must
// pass the whole guard set; test/destroy-table.test.ts checks every row has both).
// The matcher is core/effects/destroy.ts; it yields `destroy` effects that the guard judges.

/** A word in a shape: the word itself, any of several, or '*' for any known word. */
export type WordPattern = string | string[];

export interface DestroyShape {
  /** The first positionals (options and their values skipped), in order. */
  sub?: WordPattern[];
  /** Some positional (or run of consecutive positionals) is one of these: task runners take several
   *  (`rake db:drop db:create`, `mix do ecto.drop, ecto.create`). */
  task?: (string | string[])[];
  /** Only when one of these options is present. */
  when?: string[];
  /** …and none of these (dry runs, previews, appends). */
  unless?: string[];
  /** An option's value is one of (case-insensitive) or matches: `-X DELETE`, `--method=DELETE`. */
  opt?: { names: string[]; oneOf?: string[]; like?: RegExp };
  /** An option from `names` is given with a known value that does not match `like` (a cluster named, not a local one). */
  optNot?: { names: string[]; like: RegExp };
  /** The positional after `sub` at index `at` (a missing one counts as ''), or any positional after `sub`, is one of / matches. */
  arg?: { at?: number; oneOf?: string[]; like?: RegExp };
  /** A positional after the first location after `sub` is a remote store (s3://, gs://, rclone's `remote:`): the destination. */
  toRemote?: boolean;
  /**
   * With toRemote: a sync from the project's build output (dist/, build/, out/, public/, _site/) is a
   * deploy, not a wipe: the guard lets it pass when that folder exists and holds files (an empty or
   * missing one would empty the destination). The effect carries the source (`deploySource`).
   */
  deploys?: boolean;
  /** A URL argument whose path matches (curl -X DELETE http://host:9200/_all). */
  urlPath?: RegExp;
  /** Program text the command runs, judged by the code destroyers of its language: the positional at `at` after `sub`, or an option's value. */
  code?: { lang: string; at?: number; opts?: string[] };
  /** The command runs its stdin as this language (`rails dbconsole`, `manage.py shell`, `nc` to memcached). */
  stdin?: string;
  /**
   * The command runs under xargs over every item a lister printed, and the lister lists everything:
   * `redis-cli --scan | xargs redis-cli del`. The lister is one of `names` with one of `when` (or
   * its first positional one of `sub`, case-insensitively), and its pattern (the value of
   * `patternOpt`, or the positional after `sub`) missing or one of `all`.
   */
  fedBy?: { names: string[]; when?: string[]; sub?: string[]; patternOpt?: string[]; all: string[] };
  /** This shape's alternative, instead of the row's. */
  instead?: Instead | null;
  /** What this shape destroys, when it is more precise than the row's. */
  what?: string;
}

/** An alternative: a fixed command (`{program}` is the program's name), or this command with words added or options dropped. */
export type Instead = string | { add?: string; drop?: string[] };

export interface DestroyRow {
  id: string;
  /** Program names; also script names an interpreter runs (`python manage.py`, `php artisan`). */
  names: string[];
  /** Options (global and per subcommand) that take a value, so that their values are not positionals. */
  takes?: string[];
  /** Options that take a value only before the subcommand (`docker compose -f x.yml down`, where a later -f is --force). */
  globalTakes?: string[];
  /** Words that lead to the subcommand without being it (`compose` in `docker compose -f x down`). */
  groups?: string[];
  /** Options are single-dash words (`terraform -destroy`, `goose -dir x`, `flyway -url=…`). */
  singleDashLong?: boolean;
  /** `-h` is help (elsewhere it may be a host). */
  shortHelp?: boolean;
  /** Symfony-style abbreviations: each `:` part may be a prefix (`d:d:d` is doctrine:database:drop). */
  colonAbbrev?: boolean;
  shapes: DestroyShape[];
  /** What it destroys, for the message: "the application's database". */
  what: string;
  instead?: Instead;
  examples: { blocked: string[]; allowed: string[] };
}

const AWS_TAKES = [
  '--profile',
  '--region',
  '--output',
  '--query',
  '--endpoint-url',
  '--ca-bundle',
  '--cli-read-timeout',
  '--cli-connect-timeout',
  '--color',
  '--exclude',
  '--include',
  '--acl',
  '--storage-class',
  '--sse',
  '--sse-kms-key-id',
  '--cache-control',
  '--content-type',
  '--content-encoding',
  '--expires',
  '--grants',
  '--metadata',
  '--metadata-directive',
  '--page-size',
  '--key-id',
];
const DOCKER_TAKES = [
  '-H',
  '--host',
  '--context',
  '-c',
  '--config',
  '-l',
  '--log-level',
  '-f',
  '--file',
  '-p',
  '--project-name',
  '--project-directory',
  '--env-file',
  '--profile',
  '--ansi',
  '--progress',
  '--parallel',
];
const CURL_TAKES = [
  '-H',
  '--header',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '-x',
  '--proxy',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '-u',
  '--user',
  '-o',
  '--output',
  '-E',
  '--cert',
  '--key',
  '--cacert',
  '--retry',
  '-T',
  '--upload-file',
  '-F',
  '--form',
  '--oauth2-bearer',
];
const CURL_DATA = ['-d', '--data', '--data-raw', '--data-binary', '--json'];
/** Local development clusters (kind, k3d, minikube, Docker Desktop, …): their namespaces and releases are throwaway. */
const LOCAL_CLUSTER = /^(?:kind-|k3d-|minikube$|docker-desktop$|docker-for-desktop$|rancher-desktop$|orbstack$|colima|microk8s$)/;
const KUBE_CONTEXT = ['--context', '--kube-context'];
/** DELETE of a whole Elasticsearch/OpenSearch cluster or index pattern: `/`, `/_all`, `/*`, `/logs-*`. */
/** The REST path of a whole collection or index of a vector or search store (see the vector-search-http row). */
const WHOLE_COLLECTION = /^(?:\/collections|\/indexes|\/v1\/schema|\/api\/v\d\/(?:tenants\/[^/?#]+\/databases\/[^/?#]+\/)?collections)\/[^/?#]+\/?(?:[?#].*)?$/;
/** Release names of database charts (`postgres`, `my-redis`, `mongodb-prod`). */
const DATABASE_RELEASE =
  /(?:^|[-_.])(?:postgres(?:ql)?|pg|mysql|mariadb|mongo(?:db)?|redis|valkey|elasticsearch|opensearch|cassandra|clickhouse|kafka|zookeeper|etcd|minio|rabbitmq|neo4j|couchdb|timescaledb|influxdb|qdrant|weaviate|milvus|db|database)(?:$|[-_.])/i;
const ALL_INDICES = /^\/(?:_all|[^/?#*]*\*[^/?#]*)?\/?(?:[?#].*)?$/;

export const DESTROY: DestroyRow[] = [
  // ---- framework databases ----
  {
    id: 'rails',
    names: ['rails', 'rake'],
    takes: ['-e', '--environment', '-f', '--rakefile', '-I', '--libdir', '-r', '--require', '-R', '--rakelibdir'],
    shapes: [
      {
        task: [
          'db:drop',
          'db:drop:all',
          'db:reset',
          'db:purge',
          'db:purge:all',
          'db:schema:load',
          'db:structure:load',
          'db:migrate:reset',
          'db:setup',
          'db:truncate_all',
          'db:seed:replant',
          ['db:migrate', 'VERSION=0'],
        ],
      },
      { sub: [['runner', 'r']], code: { lang: 'ruby', at: 0 } },
      { sub: [['console', 'c']], stdin: 'ruby' },
      { sub: [['dbconsole', 'db']], stdin: 'sql' },
    ],
    what: "the application's database (dropped, emptied or reloaded from the schema)",
    examples: {
      blocked: [
        'bin/rails db:drop',
        'rails db:reset',
        'rails db:schema:load',
        'bundle exec rake db:purge',
        'rake db:drop db:create db:migrate',
        'bin/rails db:migrate VERSION=0',
        "rails runner 'User.delete_all'",
        "bin/rails r 'Order.destroy_all'",
        "echo 'User.delete_all' | rails console",
        "echo 'TRUNCATE users;' | rails dbconsole",
      ],
      allowed: [
        'rails db:migrate',
        'bin/rails db:rollback',
        'rake db:seed',
        'rails db:create',
        'rails db:test:prepare',
        'bin/rails db:migrate:status',
        "rails runner 'puts User.count'",
        "rails runner 'User.where(id: 1).delete_all'",
        'rails db:drop --help',
        'rails routes',
      ],
    },
  },
  {
    id: 'django',
    names: ['manage.py', 'django-admin', 'django-admin.py'],
    takes: ['--settings', '--pythonpath', '--database', '-v', '--verbosity'],
    shortHelp: true,
    shapes: [
      { sub: [['flush', 'reset_db', 'reset_schema']] },
      { sub: ['migrate', '*', 'zero'] },
      { sub: ['shell'], code: { lang: 'python', opts: ['-c', '--command'] } },
      { sub: ['shell'], stdin: 'python' },
      { sub: ['dbshell'], stdin: 'sql' },
    ],
    what: "the application's database tables",
    examples: {
      blocked: [
        'python manage.py flush --noinput',
        './manage.py flush',
        'python3 manage.py reset_db --noinput',
        'python manage.py migrate shop zero',
        'django-admin flush --settings=app.settings',
        `python manage.py shell -c "from shop.models import Order; Order.objects.all().delete()"`,
        "echo 'DROP TABLE users;' | python manage.py dbshell",
      ],
      allowed: [
        'python manage.py migrate',
        'python manage.py makemigrations',
        'python manage.py migrate shop 0003',
        'python manage.py sqlflush',
        'python manage.py flush --help',
        'python manage.py test',
        `python manage.py shell -c "print(User.objects.count())"`,
      ],
    },
  },
  {
    id: 'laravel',
    names: ['artisan'],
    colonAbbrev: true,
    takes: ['--env', '--database', '--path'],
    shapes: [
      { sub: [['migrate:fresh', 'migrate:reset', 'migrate:refresh', 'db:wipe']] },
      { sub: ['tinker'], code: { lang: 'php', opts: ['--execute'] } },
      { sub: ['db'], stdin: 'sql' },
    ],
    what: "every table of the application's database",
    examples: {
      blocked: [
        'php artisan migrate:fresh',
        'php artisan migrate:fresh --seed',
        'php artisan db:wipe --force',
        'php artisan migrate:reset',
        'php artisan migrate:refresh --seed',
        "php artisan tinker --execute='App\\Models\\User::truncate()'",
      ],
      allowed: [
        'php artisan migrate',
        'php artisan migrate --force',
        'php artisan migrate:status',
        'php artisan migrate:rollback',
        'php artisan db:seed',
        'php artisan migrate:fresh --help',
      ],
    },
  },
  {
    id: 'doctrine',
    names: ['console', 'doctrine'],
    colonAbbrev: true,
    takes: ['--env', '-e', '--connection', '--em'],
    shapes: [
      { sub: [['doctrine:database:drop', 'doctrine:schema:drop', 'orm:schema-tool:drop']], when: ['--force', '-f'] },
      { sub: ['doctrine:fixtures:load'], unless: ['--append'] },
      { sub: ['doctrine:migrations:migrate', 'first'] },
      { sub: [['doctrine:query:sql', 'dbal:run-sql']], code: { lang: 'sql', at: 0 } },
    ],
    what: "the application's database (Doctrine)",
    examples: {
      blocked: [
        'bin/console doctrine:database:drop --force',
        'php bin/console doctrine:schema:drop --force --full-database',
        'bin/console d:d:d --force',
        'bin/console doctrine:fixtures:load -n',
        'bin/console doctrine:migrations:migrate first -n',
        "bin/console doctrine:query:sql 'TRUNCATE orders'",
      ],
      allowed: [
        'bin/console doctrine:database:drop',
        'bin/console doctrine:migrations:migrate -n',
        'bin/console doctrine:fixtures:load --append',
        'bin/console doctrine:schema:validate',
        "bin/console doctrine:query:sql 'SELECT count(*) FROM orders'",
        'bin/console cache:clear',
      ],
    },
  },
  {
    id: 'prisma',
    names: ['prisma'],
    takes: ['--schema'],
    shapes: [{ sub: ['migrate', 'reset'] }, { sub: ['db', 'push'], when: ['--force-reset'] }],
    what: 'every table of the database (prisma migrate reset / db push --force-reset)',
    examples: {
      blocked: [
        'npx prisma migrate reset --force',
        'prisma migrate reset',
        'npx prisma db push --force-reset',
        'bunx prisma migrate reset -f',
        'yarn prisma migrate reset --force',
        'pnpm exec prisma migrate reset --force',
      ],
      allowed: [
        'npx prisma migrate dev',
        'npx prisma migrate deploy',
        'npx prisma db push',
        'npx prisma generate',
        'npx prisma migrate status',
        'npx prisma migrate reset --help',
      ],
    },
  },
  {
    id: 'ecto',
    names: ['mix'],
    shapes: [
      { task: ['ecto.drop', 'ecto.reset'] },
      { sub: ['ecto.rollback'], when: ['--all'] },
      { sub: ['run'], code: { lang: 'elixir', opts: ['-e', '--eval'] } },
    ],
    what: "the application's database (Ecto)",
    examples: {
      blocked: [
        'mix ecto.drop',
        'mix ecto.reset',
        'MIX_ENV=prod mix ecto.drop',
        'mix do ecto.drop, ecto.create',
        'mix ecto.rollback --all',
        "mix run -e 'MyApp.Repo.delete_all(MyApp.User)'",
      ],
      allowed: ['mix ecto.migrate', 'mix ecto.create', 'mix ecto.rollback', 'mix test', 'mix help ecto.drop', "mix run -e 'IO.puts(1)'"],
    },
  },
  {
    id: 'ef-core',
    names: ['dotnet'],
    takes: ['--project', '-p', '--startup-project', '-s', '--context', '-c', '--connection', '--configuration', '--framework'],
    shapes: [
      { sub: ['ef', 'database', 'drop'], unless: ['--dry-run'] },
      { sub: ['ef', 'database', 'update', '0'], instead: null },
    ],
    what: 'the database (Entity Framework Core)',
    instead: { add: '--dry-run', drop: ['-f', '--force'] },
    examples: {
      blocked: ['dotnet ef database drop -f', 'dotnet ef database drop --force --context AppDb', 'dotnet ef database update 0'],
      allowed: ['dotnet ef database update', 'dotnet ef database drop --dry-run', 'dotnet ef migrations add Init', 'dotnet build'],
    },
  },
  {
    id: 'sqlx',
    names: ['sqlx', 'cargo-sqlx', 'cargo'],
    takes: ['-D', '--database-url', '--source'],
    shapes: [
      {
        sub: [
          ['database', 'db'],
          ['drop', 'reset'],
        ],
      },
      { sub: ['sqlx', ['database', 'db'], ['drop', 'reset']] },
    ],
    what: 'the database (sqlx)',
    examples: {
      blocked: ['sqlx database drop -y', 'sqlx database reset', 'cargo sqlx database drop -y'],
      allowed: ['sqlx database create', 'sqlx migrate run', 'cargo sqlx prepare', 'cargo build'],
    },
  },
  {
    id: 'diesel',
    names: ['diesel'],
    takes: ['--database-url', '--migration-dir', '--config-file'],
    shapes: [{ sub: ['database', ['reset', 'drop']] }, { sub: ['migration', ['revert', 'redo']], when: ['--all', '-a'] }],
    what: 'the database (diesel)',
    examples: {
      blocked: ['diesel database reset', 'diesel migration revert --all', 'diesel migration redo --all'],
      allowed: ['diesel migration run', 'diesel database setup', 'diesel migration revert', 'diesel print-schema'],
    },
  },
  {
    id: 'goose',
    names: ['goose'],
    singleDashLong: true,
    takes: ['-dir', '-table', '-certfile', '-ssl-cert', '-ssl-key', '-s'],
    shapes: [{ task: ['reset', ['down-to', '0']] }],
    what: 'every migration of the database (goose), and the data in its tables',
    examples: {
      blocked: ['goose postgres "$DATABASE_URL" reset', 'goose -dir db/migrations sqlite3 app.db reset', 'goose postgres "$DATABASE_URL" down-to 0'],
      allowed: ['goose postgres "$DATABASE_URL" up', 'goose -dir db/migrations sqlite3 app.db status', 'goose postgres "$DATABASE_URL" down'],
    },
  },
  {
    id: 'knex',
    names: ['knex'],
    takes: ['--knexfile', '--env', '--cwd', '--migrations-directory'],
    shapes: [{ sub: ['migrate:rollback'], when: ['--all'] }],
    what: 'every migration of the database (knex), and the data in its tables',
    examples: {
      blocked: ['npx knex migrate:rollback --all', 'knex migrate:rollback --all --env production'],
      allowed: ['npx knex migrate:latest', 'npx knex migrate:rollback', 'npx knex seed:make users', 'npx knex migrate:status'],
    },
  },
  {
    id: 'sequelize',
    names: ['sequelize', 'sequelize-cli'],
    takes: ['--env', '--config', '--url', '--migrations-path'],
    shapes: [{ sub: [['db:drop', 'db:migrate:undo:all']] }],
    what: 'the database (sequelize)',
    examples: {
      blocked: ['npx sequelize-cli db:drop', 'npx sequelize db:migrate:undo:all'],
      allowed: ['npx sequelize-cli db:migrate', 'npx sequelize-cli db:create', 'npx sequelize-cli db:migrate:undo', 'npx sequelize-cli db:seed:all'],
    },
  },
  {
    id: 'typeorm',
    names: ['typeorm', 'typeorm-ts-node-commonjs', 'typeorm-ts-node-esm'],
    takes: ['-d', '--dataSource', '-c', '--connection'],
    shapes: [{ sub: ['schema:drop'] }, { sub: ['query'], code: { lang: 'sql', at: 0 } }],
    what: 'every table of the database (typeorm)',
    examples: {
      blocked: ['npx typeorm schema:drop', 'npx typeorm-ts-node-commonjs schema:drop -d src/data-source.ts', `npx typeorm query "DROP TABLE users"`],
      allowed: ['npx typeorm migration:run', 'npx typeorm migration:revert', 'npx typeorm schema:log', `npx typeorm query "SELECT 1"`],
    },
  },
  {
    id: 'liquibase',
    names: ['liquibase'],
    shapes: [{ sub: [['drop-all', 'dropAll']] }, { sub: [['execute-sql', 'executeSql']], code: { lang: 'sql', opts: ['--sql'] } }],
    what: 'every object in the database (liquibase)',
    examples: {
      blocked: ['liquibase drop-all', 'liquibase --changelog-file=db.xml dropAll', `liquibase execute-sql --sql="TRUNCATE users"`],
      allowed: ['liquibase update', 'liquibase status', 'liquibase rollback-count 1', `liquibase execute-sql --sql="SELECT 1"`],
    },
  },
  {
    id: 'flyway',
    names: ['flyway'],
    singleDashLong: true,
    shapes: [{ task: ['clean'] }],
    what: 'every object in the configured schemas (flyway clean)',
    examples: {
      blocked: ['flyway clean', 'flyway -cleanDisabled=false clean', 'flyway -url=jdbc:postgresql://db/app clean migrate'],
      allowed: ['flyway migrate', 'flyway info', 'flyway validate', 'flyway repair'],
    },
  },
  {
    id: 'alembic',
    names: ['alembic', 'flask'],
    takes: ['-c', '--config', '-n', '--name', '-x', '--app', '-A', '-e', '--env-file'],
    shapes: [
      { sub: ['downgrade', 'base'], unless: ['--sql'] },
      { sub: ['db', 'downgrade', 'base'], unless: ['--sql'] },
    ],
    what: 'every migration, down to an empty schema (alembic downgrade base)',
    instead: { add: '--sql' },
    examples: {
      blocked: ['alembic downgrade base', 'alembic -c alembic.ini downgrade base', 'flask db downgrade base'],
      allowed: ['alembic upgrade head', 'alembic downgrade -1', 'alembic downgrade base --sql', 'flask db upgrade', 'alembic history'],
    },
  },
  {
    id: 'supabase',
    names: ['supabase'],
    takes: ['--workdir', '--project-ref', '--db-url'],
    shapes: [{ sub: ['db', 'reset'] }, { sub: [['projects', 'branches'], 'delete'] }, { sub: ['stop'], when: ['--no-backup'] }],
    what: 'the Supabase database (reset, deleted, or its local volumes dropped)',
    examples: {
      blocked: ['supabase db reset', 'supabase db reset --linked', 'supabase projects delete abcd', 'supabase stop --no-backup'],
      allowed: ['supabase start', 'supabase stop', 'supabase db push', 'supabase migration new add_users', 'supabase db reset --help'],
    },
  },
  {
    id: 'dropdb',
    names: ['dropdb'],
    takes: ['-U', '-h', '-p', '--host', '--port', '--username', '--maintenance-db'],
    shapes: [{ unless: ['-V', '--version'] }],
    what: 'a whole PostgreSQL database',
    examples: {
      blocked: ['dropdb prod', 'dropdb -U postgres app', 'dropdb --if-exists app_test', 'dropdb --if-exists -h prod-db app'],
      allowed: ['dropdb --help', 'dropdb --version', 'createdb app'],
    },
  },
  {
    id: 'mysqladmin',
    names: ['mysqladmin'],
    takes: ['-u', '-h', '-P', '--host', '--port', '--user', '-S', '--socket'],
    shapes: [{ task: ['drop'] }],
    what: 'a whole MySQL database',
    examples: {
      blocked: ['mysqladmin -f drop app', 'mysqladmin -u root drop app'],
      allowed: ['mysqladmin status', 'mysqladmin -u root ping', 'mysqladmin create app'],
    },
  },
  {
    id: 'restore-over',
    names: ['pg_restore', 'mongorestore'],
    takes: [
      '-d',
      '--dbname',
      '-U',
      '--username',
      '-h',
      '--host',
      '-p',
      '--port',
      '-j',
      '--jobs',
      '-n',
      '--schema',
      '-t',
      '--table',
      '--uri',
      '--db',
      '--nsInclude',
    ],
    shapes: [{ when: ['-c', '--clean', '--drop'] }],
    what: 'the current contents of every table or collection in the dump (dropped before the restore)',
    examples: {
      blocked: ['pg_restore --clean -d app backup.dump', 'pg_restore -c --if-exists -d app backup.dump', 'mongorestore --drop --uri "$MONGO_URL" dump/'],
      allowed: ['pg_restore -d app_copy backup.dump', 'pg_restore -l backup.dump', 'mongorestore --uri "$MONGO_URL" dump/'],
    },
  },
  {
    id: 'heroku',
    names: ['heroku'],
    takes: ['-a', '--app', '-r', '--remote'],
    shapes: [{ sub: [['pg:reset', 'apps:destroy', 'addons:destroy', 'destroy', 'pg:killall']] }],
    what: 'a Heroku app or its database',
    examples: {
      blocked: ['heroku pg:reset DATABASE_URL', 'heroku apps:destroy my-app', 'heroku addons:destroy heroku-postgresql -a app'],
      allowed: ['heroku logs --tail -a app', 'heroku pg:info', 'heroku apps', 'heroku pg:backups:capture'],
    },
  },

  // ---- infrastructure and cloud ----
  {
    id: 'terraform',
    names: ['terraform', 'tofu', 'terragrunt'],
    singleDashLong: true,
    shortHelp: true,
    takes: ['-var', '-var-file', '-target', '-chdir', '-state', '-parallelism', '-lock-timeout'],
    shapes: [
      { sub: ['destroy'] },
      { sub: ['apply'], when: ['-destroy', '--destroy'] },
      { sub: [['destroy-all', 'run-all'], 'destroy'] },
      { sub: ['run-all', 'destroy'] },
      { sub: ['destroy-all'] },
      {
        sub: ['state', ['rm', 'remove']],
        what: "the state's record of a resource (Terraform stops managing it; the next apply may create a second one)",
        instead: null,
      },
    ],
    what: 'the infrastructure this configuration manages',
    instead: '{program} plan -destroy',
    examples: {
      blocked: [
        'terraform destroy -auto-approve',
        'terraform apply -destroy',
        'tofu destroy',
        'terraform -chdir=infra destroy',
        'terragrunt run-all destroy',
        'terraform state rm aws_s3_bucket.prod',
      ],
      allowed: ['terraform plan', 'terraform plan -destroy', 'terraform apply', 'terraform destroy -h', 'terraform destroy --help', 'terraform state list'],
    },
  },
  {
    id: 'pulumi',
    names: ['pulumi'],
    shortHelp: true,
    takes: ['-s', '--stack', '-C', '--cwd'],
    shapes: [
      { sub: [['destroy', 'down', 'dn']], unless: ['--preview-only'] },
      { sub: ['stack', ['rm', 'remove']], when: ['--force', '-f'] },
    ],
    what: 'the stack and every resource in it',
    instead: { add: '--preview-only', drop: ['--yes', '-y', '--skip-preview', '-f'] },
    examples: {
      blocked: ['pulumi destroy', 'pulumi destroy --yes -s prod', 'pulumi down -y'],
      allowed: ['pulumi preview', 'pulumi preview --diff', 'pulumi destroy --preview-only', 'pulumi stack ls'],
    },
  },
  {
    id: 'iac-teardown',
    names: ['cdk', 'aws-cdk', 'cdktf', 'sst', 'serverless', 'sls', 'sam', 'amplify', 'copilot'],
    takes: ['--app', '-a', '--stage', '-s', '--profile', '--region', '-r', '--stack-name', '--name', '-n', '--env', '-e', '--context', '-c'],
    shapes: [{ sub: [['destroy', 'remove']] }, { sub: [['delete']] }, { sub: [['app', 'env', 'svc'], 'delete'] }],
    what: 'the deployed stack and every resource it created',
    examples: {
      blocked: [
        'cdk destroy --force',
        'npx cdk destroy --all',
        'cdktf destroy',
        'npx sst remove --stage prod',
        'serverless remove',
        'sam delete --no-prompts',
        'amplify delete',
        'copilot app delete',
      ],
      allowed: ['cdk diff', 'cdk deploy', 'cdk synth', 'npx sst deploy', 'serverless deploy', 'sam build', 'cdk destroy --help'],
    },
  },
  {
    id: 'aws',
    names: ['aws'],
    takes: AWS_TAKES,
    shapes: [
      { sub: ['s3', 'rm'], when: ['--recursive'], unless: ['--dryrun'], instead: { add: '--dryrun' }, what: 'every object under the S3 prefix' },
      { sub: ['s3', 'rb'], when: ['--force'], what: 'the bucket and every object in it' },
      {
        sub: ['s3', 'sync'],
        when: ['--delete'],
        toRemote: true,
        deploys: true,
        unless: ['--dryrun'],
        instead: { add: '--dryrun' },
        what: 'every object in the destination bucket that the source folder does not have',
      },
      {
        sub: ['*'],
        arg: { at: 0, like: /^(?:batch-)?(?:delete|terminate|remove|deregister|purge)-|^schedule-key-deletion$/ },
        unless: ['--generate-cli-skeleton', '--dry-run'],
      },
    ],
    what: 'the AWS resources it names (and, for a KMS key, everything encrypted with it)',
    examples: {
      blocked: [
        'aws s3 rm s3://bucket/data --recursive',
        'aws s3 rb s3://bucket --force',
        'aws s3 sync /tmp/empty s3://bucket --delete',
        'aws --profile prod s3 sync ./site s3://bucket --delete --exclude "*.log"',
        'aws kms schedule-key-deletion --key-id k',
        'aws rds delete-db-instance --db-instance-identifier prod --skip-final-snapshot',
        'aws ec2 terminate-instances --instance-ids i-1',
        'aws ecr batch-delete-image --repository-name r --image-ids imageTag=latest',
      ],
      allowed: [
        'aws s3 ls s3://bucket/',
        'aws s3 rm s3://bucket/one-file.txt',
        'aws s3 sync dir s3://bucket',
        'aws s3 sync s3://bucket/site ./site --delete',
        'aws s3 sync ./site s3://bucket --delete --dryrun',
        'aws s3 rm s3://bucket/data --recursive --dryrun',
        'aws ec2 describe-instances',
        'aws ec2 terminate-instances --generate-cli-skeleton',
        'aws kms describe-key --key-id k',
      ],
    },
  },
  {
    id: 'gcs',
    names: ['gsutil'],
    takes: ['-o', '-h', '-u'],
    shapes: [
      { sub: ['rb'] },
      { sub: ['rm'], when: ['-r', '-R'] },
      { sub: ['rm'], arg: { like: /\*\*|^gs:\/\/[^/]+\/?\*?$/ } },
      {
        sub: ['rsync'],
        when: ['-d'],
        toRemote: true,
        deploys: true,
        unless: ['-n'],
        what: 'every object in the destination bucket that the source does not have',
      },
    ],
    what: "a bucket's objects",
    examples: {
      blocked: [
        'gsutil -m rm -r gs://bucket',
        'gsutil rm -r gs://bucket/data',
        'gsutil rb gs://bucket',
        'gsutil rm gs://bucket/**',
        'gsutil -m rsync -r -d /tmp/empty gs://bucket',
      ],
      allowed: [
        'gsutil rm gs://b/one-file',
        'gsutil ls gs://bucket',
        'gsutil cp file.txt gs://bucket/',
        'gsutil rsync -r gs://bucket ./local',
        'gsutil rsync -r -d -n ./site gs://bucket',
      ],
    },
  },
  {
    id: 's3-clients',
    names: ['s3cmd', 'mc', 'bq'],
    takes: ['-c', '--config', '--json'],
    shapes: [
      { sub: [['del', 'rm']], when: ['-r', '--recursive'], unless: ['--dry-run', '-n'] },
      { sub: ['rb'], when: ['--force', '-f'] },
      { sub: [['sync', 'mirror']], when: ['--delete-removed', '--remove', '--delete'], toRemote: true, unless: ['--dry-run', '-n'] },
      { sub: ['rm'], when: ['-d', '--dataset', '-t', '--table'] },
    ],
    what: "a bucket's objects, or a BigQuery dataset or table",
    examples: {
      blocked: [
        's3cmd del --recursive s3://bucket/data',
        's3cmd rb --force s3://bucket',
        'mc rm --recursive --force local/bucket',
        's3cmd sync --delete-removed ./empty s3://bucket',
        'bq rm -r -f -d project:dataset',
        'bq rm -f -t dataset.table',
      ],
      allowed: ['s3cmd ls s3://bucket', 'mc ls local/bucket', 'mc rm local/bucket/one.txt', 'mc mirror ./site local/bucket', 'bq ls', 'bq show dataset.table'],
    },
  },
  {
    id: 'gcloud',
    names: ['gcloud'],
    shortHelp: true,
    takes: ['--project', '--account', '--configuration', '--format', '--filter', '--zone', '--region', '--verbosity'],
    shapes: [
      { sub: ['storage', 'rm'], when: ['-r', '-R', '--recursive'] },
      { sub: ['storage', 'rm'], arg: { like: /\*\*|^gs:\/\/[^/]+\/?\*?$/ } },
      { sub: ['storage', 'rsync'], when: ['--delete-unmatched-destination-objects'], toRemote: true, unless: ['--dry-run'] },
      { task: ['delete'] },
    ],
    what: 'Google Cloud resources or a bucket’s objects',
    examples: {
      blocked: [
        'gcloud storage rm -r gs://bucket',
        'gcloud storage rm gs://bucket/**',
        'gcloud sql instances delete prod-db',
        'gcloud projects delete my-proj --quiet',
      ],
      allowed: [
        'gcloud storage rm gs://bucket/one.txt',
        'gcloud storage ls gs://bucket',
        'gcloud sql instances list',
        'gcloud projects delete --help',
        'gcloud config list',
      ],
    },
  },
  {
    id: 'azure',
    names: ['az'],
    shortHelp: true,
    takes: ['--subscription', '-o', '--output', '--query'],
    shapes: [{ task: ['delete', 'delete-batch', 'purge'] }],
    what: 'Azure resources',
    examples: {
      blocked: [
        'az group delete --name prod-rg --yes',
        'az group delete -n rg --yes',
        'az storage blob delete-batch -s container',
        'az keyvault purge --name kv',
      ],
      allowed: ['az group list', 'az account show', 'az group delete -h', 'az storage blob list -c container'],
    },
  },
  {
    id: 'rclone',
    names: ['rclone'],
    takes: ['--config', '--transfers', '--checkers', '--log-file', '--log-level', '--bwlimit', '--backup-dir'],
    shapes: [
      { sub: ['purge'], unless: ['--dry-run', '-n', '-i', '--interactive'] },
      {
        sub: ['delete'],
        unless: [
          '--dry-run',
          '-n',
          '-i',
          '--interactive',
          '--include',
          '--exclude',
          '--filter',
          '--min-age',
          '--max-age',
          '--min-size',
          '--max-size',
          '--files-from',
        ],
      },
      { sub: ['sync'], toRemote: true, unless: ['--dry-run', '-n', '-i', '--interactive'] },
    ],
    what: 'every file under a remote path (or the files a sync removes at the destination)',
    instead: { add: '--dry-run' },
    examples: {
      blocked: ['rclone purge remote:bucket', 'rclone delete remote:bucket/data', 'rclone sync /tmp/empty remote:bucket'],
      allowed: [
        'rclone purge remote:bucket --dry-run',
        'rclone delete remote:bucket/tmp --min-age 30d',
        'rclone deletefile remote:bucket/one.txt',
        'rclone copy ./site remote:bucket',
        'rclone sync remote:bucket ./backup',
        'rclone ls remote:bucket',
      ],
    },
  },
  {
    id: 'redis-keys',
    names: ['redis-cli', 'valkey-cli', 'keydb-cli'],
    takes: ['-h', '-p', '-s', '-a', '--user', '--pass', '-u', '-n', '--pattern', '-i', '-r', '--count', '-d', '--tls', '--cacert', '--cert', '--key'],
    shapes: [
      {
        sub: [['del', 'DEL', 'Del', 'unlink', 'UNLINK', 'Unlink']],
        fedBy: { names: ['redis-cli', 'valkey-cli', 'keydb-cli'], when: ['--scan'], sub: ['keys'], patternOpt: ['--pattern'], all: ['*', ''] },
      },
    ],
    what: 'every key in the Redis database (each one listed, then deleted)',
    instead: 'redis-cli --scan --count 100 | head',
    examples: {
      blocked: [
        'redis-cli --scan --pattern "*" | xargs redis-cli del',
        'redis-cli --scan | xargs -n 100 redis-cli unlink',
        'redis-cli keys "*" | xargs redis-cli DEL',
      ],
      allowed: [
        'redis-cli --scan --pattern "*"',
        'redis-cli del session:42',
        'redis-cli --scan --pattern "session:*" | xargs redis-cli del',
        'redis-cli keys "*" | wc -l',
      ],
    },
  },
  {
    id: 'turso',
    names: ['turso'],
    takes: ['--group', '--location', '--from-db', '--timestamp', '-t', '--token'],
    shapes: [
      {
        sub: [
          ['db', 'group'],
          ['destroy', 'delete'],
        ],
      },
      { sub: ['db', 'shell'], code: { lang: 'sql', at: 1 } },
    ],
    what: 'a Turso database (its data and replicas)',
    instead: 'turso db list',
    examples: {
      blocked: ['turso db destroy prod --yes', 'turso group destroy default', "turso db shell prod 'DROP TABLE users'"],
      allowed: ['turso db list', 'turso db show prod', "turso db shell prod 'SELECT count(*) FROM users'", 'turso db create staging'],
    },
  },
  {
    // Deleting a claim or a volume deletes its data when the reclaim policy is Delete (the default of dynamic provisioning).
    id: 'kubernetes-volumes',
    names: ['kubectl', 'oc', 'kubecolor'],
    takes: [
      '-n',
      '--namespace',
      '--context',
      '--cluster',
      '--kubeconfig',
      '--user',
      '-l',
      '--selector',
      '--field-selector',
      '-f',
      '--filename',
      '-o',
      '--output',
      '--grace-period',
      '--timeout',
      '--cascade',
      '-s',
      '--server',
    ],
    shapes: [
      { sub: ['delete', ['pvc', 'pv', 'persistentvolumeclaim', 'persistentvolumeclaims', 'persistentvolume', 'persistentvolumes']], unless: ['--dry-run'] },
      { sub: ['delete'], arg: { like: /^(?:pvc|pv|persistentvolumeclaims?|persistentvolumes?)\// }, unless: ['--dry-run'] },
    ],
    what: 'persistent volumes and the data on them (deleted with the claim when the reclaim policy is Delete)',
    instead: '{program} get pvc',
    examples: {
      blocked: [
        'kubectl --context prod delete pvc --all -n db',
        'kubectl --context prod delete pv data-0',
        'kubectl --context prod delete pvc/data-postgres-0 -n db',
      ],
      allowed: ['kubectl --context prod get pvc -n db', 'kubectl --context prod describe pv data-0', 'kubectl --context prod delete pod api-0'],
    },
  },
  {
    id: 'hosting-cli',
    names: ['doctl', 'hcloud', 'linode-cli', 'vultr-cli', 'civo', 'scw', 'exoscale', 'oci', 'ibmcloud', 'upctl'],
    shapes: [{ task: ['delete', 'rm', 'destroy'] }],
    what: 'cloud servers, databases or volumes',
    examples: {
      blocked: ['doctl compute droplet delete -f web', 'doctl databases delete db-1 --force', 'hcloud server delete web-1', 'linode-cli linodes delete 123'],
      allowed: ['doctl compute droplet list', 'hcloud server list', 'doctl databases backups db-1', 'doctl compute droplet delete --help'],
    },
  },
  {
    id: 'fly',
    names: ['fly', 'flyctl'],
    takes: ['-a', '--app', '-c', '--config', '-r', '--region'],
    shapes: [
      { sub: [['destroy', 'delete']] },
      {
        sub: [
          ['apps', 'app'],
          ['destroy', 'delete', 'remove', 'rm'],
        ],
      },
      {
        sub: [
          ['volumes', 'volume', 'vol'],
          ['destroy', 'delete', 'rm'],
        ],
      },
      {
        sub: [
          ['postgres', 'pg', 'mpg'],
          ['destroy', 'delete'],
        ],
      },
    ],
    what: 'a Fly.io app or volume and its data',
    examples: {
      blocked: ['fly apps destroy app -y', 'flyctl apps destroy my-app --yes', 'fly volumes destroy vol_123 -y', 'fly destroy my-app'],
      allowed: ['fly deploy', 'fly apps list', 'fly volumes list', 'fly logs -a app', 'fly apps destroy --help'],
    },
  },
  {
    id: 'cloudflare',
    names: ['wrangler', 'vercel', 'netlify'],
    shapes: [
      { sub: [['delete', 'remove', 'rm']] },
      { sub: ['d1', 'delete'] },
      { sub: ['r2', 'bucket', 'delete'] },
      { sub: [['kv:namespace', 'kv'], ['delete']] },
      { sub: ['kv', 'namespace', 'delete'] },
      { sub: [['sites:delete', 'projects:delete']] },
      { sub: ['project', ['rm', 'remove']] },
    ],
    what: 'a deployed Worker, site, database or bucket',
    examples: {
      blocked: [
        'wrangler delete',
        'npx wrangler d1 delete prod-db',
        'wrangler r2 bucket delete assets',
        'vercel remove my-app --yes',
        'netlify sites:delete site-id',
      ],
      allowed: ['wrangler deploy', 'wrangler d1 list', 'vercel deploy', 'netlify deploy --prod', 'wrangler r2 bucket list'],
    },
  },
  {
    id: 'firebase',
    names: ['firebase'],
    takes: ['-P', '--project', '--database', '--instance'],
    shapes: [
      { sub: ['firestore:delete'], when: ['--all-collections', '-r', '--recursive'] },
      { sub: ['database:remove'], arg: { at: 0, oneOf: ['', '/'] } },
      { sub: ['firestore:databases:delete'] },
    ],
    what: 'Firebase data (every document under the path)',
    examples: {
      blocked: ['firebase firestore:delete --all-collections -f', 'firebase firestore:delete users -r -f', 'firebase database:remove / -f'],
      allowed: [
        'firebase firestore:delete users/alice -f',
        'firebase deploy --only hosting',
        'firebase database:get /users',
        'firebase database:remove /sessions/abc -f',
      ],
    },
  },
  {
    id: 'github',
    names: ['gh'],
    takes: [
      '-R',
      '--repo',
      '-H',
      '--header',
      '-f',
      '--raw-field',
      '-F',
      '--field',
      '--input',
      '-q',
      '--jq',
      '-t',
      '--template',
      '--hostname',
      '-p',
      '--preview',
      '--cache',
    ],
    shapes: [
      { sub: ['repo', 'delete'] },
      { sub: ['api'], opt: { names: ['-X', '--method'], oneOf: ['DELETE'] }, arg: { at: 0, like: /^\/?(?:repos\/[^/\s]+\/[^/\s]+|orgs\/[^/\s]+)\/?$/ } },
    ],
    what: 'a GitHub repository (its code, issues, pull requests and wiki)',
    examples: {
      blocked: ['gh repo delete o/r --yes', 'gh api -X DELETE /repos/o/r', 'gh api --method DELETE repos/o/r', 'gh api repos/{owner}/{repo} -X DELETE'],
      allowed: ['gh repo view o/r', 'gh api /repos/o/r', 'gh api -X DELETE /repos/o/r/issues/comments/1', 'gh pr list', 'gh repo delete --help'],
    },
  },
  {
    id: 'gitlab',
    names: ['glab'],
    takes: ['-R', '--repo', '-g', '--group'],
    shapes: [
      {
        sub: [
          ['repo', 'project'],
          ['delete', 'rm'],
        ],
      },
    ],
    what: 'a GitLab project (its code, issues, merge requests and wiki)',
    examples: { blocked: ['glab repo delete o/r --yes'], allowed: ['glab repo view o/r', 'glab mr list', 'glab repo delete --help'] },
  },
  {
    id: 'npm-unpublish',
    names: ['npm'],
    takes: ['--registry', '--otp', '-w', '--workspace'],
    shapes: [{ sub: ['unpublish'], unless: ['--dry-run'] }],
    what: 'a published package version, which can never be published again under that number',
    instead: { add: '--dry-run', drop: ['--force', '-f'] },
    examples: {
      blocked: ['npm unpublish pkg --force', 'npm unpublish pkg@1.0.0'],
      allowed: ['npm publish --dry-run', 'npm unpublish pkg@1.0.0 --dry-run', 'npm deprecate pkg@1.0.0 "use 2.x"', 'npm view pkg versions'],
    },
  },
  {
    id: 'elasticsearch-http',
    names: ['curl', 'http', 'https', 'xh', 'wget'],
    takes: CURL_TAKES,
    shapes: [
      { opt: { names: ['-X', '--request', '--method'], oneOf: ['DELETE'] }, urlPath: ALL_INDICES },
      { sub: [['DELETE', 'delete']], urlPath: ALL_INDICES },
      { urlPath: /\/_delete_by_query\b/, opt: { names: CURL_DATA, like: /match_all/ } },
    ],
    what: 'every index of the search cluster (or every document of one)',
    examples: {
      blocked: [
        'curl -X DELETE http://localhost:9200/_all',
        "curl -XDELETE 'localhost:9200/*'",
        'curl -s -X DELETE http://es:9200/logs-*',
        'http DELETE localhost:9200/_all',
        `curl -X POST localhost:9200/logs/_delete_by_query -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'`,
      ],
      allowed: [
        'curl -X DELETE http://localhost:9200/logs/_doc/1',
        'curl -X DELETE https://api.example.com/items/42',
        'curl http://localhost:9200/_all/_search',
        'curl -s http://localhost:9200/_cat/indices',
      ],
    },
  },

  // ---- stores ----
  {
    id: 'compose-volumes',
    names: ['docker', 'podman'],
    globalTakes: DOCKER_TAKES,
    groups: ['compose'],
    takes: ['--rmi', '-t', '--timeout'],
    shapes: [{ sub: ['compose', ['down', 'rm']], when: ['-v', '--volumes'] }],
    what: "the project's volumes (the databases and files kept in them)",
    instead: { drop: ['-v', '--volumes'] },
    examples: {
      blocked: ['docker compose down -v', 'docker compose -f dev.yml down -v --remove-orphans', 'docker compose rm -fsv'],
      allowed: ['docker compose down', 'docker compose down --remove-orphans', 'docker compose -f dev.yml up -d', 'docker compose rm -fs', 'docker compose ps'],
    },
  },
  {
    id: 'docker-compose-volumes',
    names: ['docker-compose', 'podman-compose'],
    globalTakes: DOCKER_TAKES,
    takes: ['--rmi', '-t', '--timeout'],
    shapes: [{ sub: [['down', 'rm']], when: ['-v', '--volumes'] }],
    what: "the project's volumes (the databases and files kept in them)",
    instead: { drop: ['-v', '--volumes'] },
    examples: {
      blocked: ['docker-compose down --volumes', 'docker-compose -f dev.yml down -v', 'podman-compose down -v'],
      allowed: ['docker-compose down', 'docker-compose up -d', 'docker-compose logs -f web'],
    },
  },
  {
    id: 'docker-volumes',
    names: ['docker', 'podman'],
    takes: ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--filter', '-t', '--time'],
    shapes: [
      { sub: ['volume', ['rm', 'remove', 'prune']], instead: '{program} volume ls' },
      { sub: ['system', 'prune'], when: ['--volumes'], instead: '{program} system df -v' },
      { sub: ['system', 'reset'] },
      { sub: ['rm'], when: ['-v', '--volumes'] },
      { sub: ['container', ['rm', 'remove']], when: ['-v', '--volumes'] },
    ],
    what: 'container volumes (the databases and files kept in them)',
    examples: {
      blocked: ['docker volume prune -af', 'docker volume rm pgdata', 'docker system prune -a --volumes -f', 'podman system reset -f', 'docker rm -fv db'],
      allowed: [
        'docker volume ls',
        'docker volume inspect pgdata',
        'docker system prune -f',
        'docker rm -f web',
        'docker container prune -f',
        'docker volume create pgdata',
      ],
    },
  },
  {
    id: 'zfs',
    names: ['zfs', 'zpool', 'btrfs'],
    shapes: [
      { sub: ['destroy'], unless: ['-n'] },
      { sub: ['labelclear'] },
      {
        sub: [
          ['subvolume', 'subvol', 'sub'],
          ['delete', 'del'],
        ],
      },
    ],
    what: 'a storage pool or dataset and everything on it',
    examples: {
      blocked: ['zfs destroy -r tank', 'zpool destroy tank', 'zpool labelclear -f /dev/sdb', 'btrfs subvolume delete /mnt/data'],
      allowed: ['zfs list', 'zfs destroy -nv tank/old@snap', 'zpool status', 'zfs snapshot tank/data@now', 'btrfs subvolume list /'],
    },
  },
  {
    id: 'lvm',
    names: ['lvremove', 'vgremove', 'pvremove'],
    shortHelp: true,
    takes: ['--config', '-S', '--select', '--reportformat'],
    shapes: [{ unless: ['-t', '--test', '--version'] }],
    what: 'a logical volume (or volume group) and everything on it',
    examples: {
      blocked: ['lvremove -f vg/root', 'vgremove vg0', 'pvremove /dev/sdb1'],
      allowed: ['lvremove --test vg/tmp', 'lvs', 'lvremove --help', 'vgremove -h'],
    },
  },
  {
    id: 'virtual-machines',
    names: ['qm', 'pct', 'VBoxManage', 'vboxmanage'],
    shapes: [{ sub: [['destroy', 'des']] }, { sub: ['unregistervm'], when: ['--delete', '--delete-all'] }],
    what: 'a virtual machine or container and its disks',
    examples: {
      blocked: ['qm destroy 100 --purge', 'pct des 101', 'VBoxManage unregistervm dev --delete'],
      allowed: ['qm list', 'qm start 100', 'VBoxManage unregistervm dev', 'VBoxManage list vms', 'pct enter 101'],
    },
  },
  {
    id: 'lxc-destroy',
    names: ['lxc-destroy'],
    takes: ['-n', '--name', '-P', '--lxcpath'],
    shapes: [{ unless: ['-?', '--usage', '--version'] }],
    what: 'a container and its root file system',
    examples: { blocked: ['lxc-destroy -n web', 'sudo lxc-destroy -n web -f'], allowed: ['lxc-destroy --usage', 'lxc-ls'] },
  },
  {
    id: 'etcd',
    names: ['etcdctl'],
    takes: ['--endpoints', '--user', '--password', '--cacert', '--cert', '--key', '--command-timeout', '-w', '--write-out', '--dial-timeout'],
    shapes: [{ sub: ['del'], when: ['--prefix', '--from-key'], arg: { at: 0, oneOf: ['', '/', '/registry', '/registry/'] } }],
    what: 'every key in the store',
    examples: {
      blocked: ['etcdctl del "" --prefix', 'etcdctl del --prefix /', 'etcdctl del "" --from-key'],
      allowed: ['etcdctl get foo', 'etcdctl del foo', 'etcdctl del /app/cache/ --prefix', 'etcdctl get "" --prefix --keys-only'],
    },
  },
  {
    id: 'consul',
    names: ['consul'],
    singleDashLong: true,
    takes: ['-http-addr', '-token', '-datacenter'],
    shapes: [{ sub: ['kv', 'delete'], when: ['-recurse'], arg: { at: 0, oneOf: ['', '/'] } }],
    what: 'every key in the store',
    examples: {
      blocked: ['consul kv delete -recurse', 'consul kv delete -recurse /'],
      allowed: ['consul kv get -recurse app/', 'consul kv delete -recurse app/cache/', 'consul members'],
    },
  },
  {
    id: 'sqlite-utils',
    names: ['sqlite-utils'],
    shapes: [{ sub: [['drop-table', 'drop-view']] }, { sub: ['query'], code: { lang: 'sql', at: 1 } }],
    what: 'a table of the SQLite database',
    examples: {
      blocked: ['sqlite-utils drop-table app.db users', 'sqlite-utils query app.db "DELETE FROM users"'],
      allowed: ['sqlite-utils tables app.db', 'sqlite-utils query app.db "select count(*) from users"', 'sqlite-utils insert app.db users users.json'],
    },
  },
  {
    id: 'dokku',
    names: ['dokku'],
    shapes: [{ sub: [['apps:destroy', 'postgres:destroy', 'mysql:destroy', 'mariadb:destroy', 'redis:destroy', 'mongo:destroy', 'storage:unmount']] }],
    what: 'a Dokku app or database service and its data',
    examples: {
      blocked: ['dokku apps:destroy app', 'dokku postgres:destroy db --force'],
      allowed: ['dokku apps:list', 'dokku postgres:info db', 'dokku db:link db app'],
    },
  },
  {
    id: 'lando-ddev',
    names: ['lando', 'ddev'],
    shapes: [{ sub: ['destroy'] }, { sub: ['delete'] }, { sub: ['poweroff'], when: ['--omit-snapshot'] }],
    what: "the local environment's containers and database volumes",
    examples: { blocked: ['lando destroy -y', 'ddev delete -Oy'], allowed: ['lando start', 'ddev start', 'ddev snapshot', 'lando stop'] },
  },
  {
    id: 'azcopy',
    names: ['azcopy'],
    shapes: [{ sub: [['sync', 's']], opt: { names: ['--delete-destination'], oneOf: ['TRUE'] }, toRemote: true }],
    what: 'every blob in the destination container that the source does not have',
    examples: {
      blocked: ["azcopy sync ./site 'https://acct.blob.core.windows.net/web' --delete-destination true"],
      allowed: ["azcopy sync ./site 'https://acct.blob.core.windows.net/web'", "azcopy copy ./a 'https://acct.blob.core.windows.net/c/a'"],
    },
  },
  {
    id: 'rabbitmq',
    names: ['rabbitmqctl', 'rabbitmqadmin'],
    takes: ['-n', '--node', '-p', '--vhost'],
    shapes: [{ sub: [['reset', 'force_reset', 'purge_queue', 'delete_vhost']] }, { sub: ['purge', 'queue'] }],
    what: 'the broker’s queues and messages',
    examples: {
      blocked: ['rabbitmqctl reset', 'rabbitmqctl -n rabbit@host force_reset', 'rabbitmqctl purge_queue orders'],
      allowed: ['rabbitmqctl list_queues', 'rabbitmqctl status'],
    },
  },
  {
    id: 'kubeadm',
    names: ['kubeadm'],
    shapes: [{ sub: ['reset'], unless: ['--dry-run'] }],
    what: "the node's cluster state (on a control-plane node, its etcd data)",
    instead: { add: '--dry-run' },
    examples: { blocked: ['kubeadm reset -f', 'sudo kubeadm reset --force'], allowed: ['kubeadm version', 'kubeadm reset --dry-run', 'kubeadm token list'] },
  },
  // ---- more data stores and clouds ----
  {
    id: 'pg-cluster',
    names: ['pg_dropcluster'],
    shapes: [{ unless: ['--version'] }],
    what: 'a whole PostgreSQL cluster (every database in it)',
    instead: 'pg_lsclusters',
    examples: { blocked: ['pg_dropcluster --stop 16 main', 'sudo pg_dropcluster 15 main'], allowed: ['pg_lsclusters', 'pg_dropcluster --help'] },
  },
  {
    id: 'influxdb',
    names: ['influx'],
    takes: [
      '-n',
      '--name',
      '-o',
      '--org',
      '--org-id',
      '-i',
      '--id',
      '-b',
      '--bucket',
      '--bucket-id',
      '--host',
      '-t',
      '--token',
      '--start',
      '--stop',
      '--predicate',
      '-c',
      '--active-config',
    ],
    shapes: [{ sub: [['bucket', 'org', 'v1'], 'delete'] }, { sub: ['delete'], unless: ['--predicate', '-p'] }],
    what: 'an InfluxDB bucket or every point in a time range',
    examples: {
      blocked: ['influx bucket delete -n metrics', 'influx delete --bucket metrics --start 1970-01-01T00:00:00Z --stop 2100-01-01T00:00:00Z'],
      allowed: [
        'influx bucket list',
        `influx query 'from(bucket:"m") |> range(start: -1h)'`,
        `influx delete --bucket m --start 2024-01-01T00:00:00Z --stop 2024-01-02T00:00:00Z --predicate '_measurement="tmp"'`,
      ],
    },
  },
  {
    id: 'influxdb-http',
    names: ['curl', 'http', 'https', 'xh', 'wget'],
    takes: CURL_TAKES,
    shapes: [
      { opt: { names: ['-X', '--request', '--method'], oneOf: ['DELETE'] }, urlPath: /^\/api\/v2\/(?:buckets|orgs)\/[^/?#]+\/?(?:[?#].*)?$/ },
      { sub: [['DELETE', 'delete']], urlPath: /^\/api\/v2\/(?:buckets|orgs)\/[^/?#]+\/?(?:[?#].*)?$/ },
    ],
    what: 'an InfluxDB bucket or organisation and every point in it',
    examples: {
      blocked: ['curl -X DELETE http://localhost:8086/api/v2/buckets/abc'],
      allowed: ['curl http://localhost:8086/api/v2/buckets', 'curl -X DELETE http://localhost:8086/api/v2/dashboards/abc'],
    },
  },
  {
    id: 'vault',
    names: ['vault', 'bao'],
    takes: ['-address', '-namespace', '-mount', '-versions', '-format'],
    singleDashLong: true,
    shapes: [{ sub: ['secrets', ['disable', 'move']] }, { sub: ['kv', ['destroy']] }, { sub: ['kv', 'metadata', 'delete'] }],
    what: 'a secrets engine and every secret in it, or every version of a secret',
    examples: {
      blocked: ['vault secrets disable secret/', 'vault kv metadata delete secret/app', 'vault kv destroy -versions=1,2 secret/app'],
      allowed: ['vault secrets list', 'vault kv list secret/', 'vault kv delete secret/app/tmp', 'vault status'],
    },
  },
  {
    id: 'neo4j',
    names: ['cypher-shell'],
    takes: ['-u', '--username', '-p', '--password', '-a', '--address', '-d', '--database', '--format', '-f', '--file', '-P', '--param'],
    shapes: [{ code: { lang: 'cypher', at: 0 } }, { stdin: 'cypher' }],
    what: 'every node (or every node of a label) of the graph',
    examples: {
      blocked: [
        'cypher-shell "MATCH (n) DETACH DELETE n"',
        'cypher-shell -u neo4j "MATCH (n:User) DETACH DELETE n"',
        `echo 'MATCH (n) DETACH DELETE n;' | cypher-shell`,
      ],
      allowed: [
        'cypher-shell "MATCH (n) RETURN count(n)"',
        `cypher-shell "MATCH (n:User {id: 1}) DETACH DELETE n"`,
        `cypher-shell "MATCH (n:Tmp) WHERE n.ts < 1 DELETE n"`,
      ],
    },
  },
  {
    id: 'drizzle',
    names: ['drizzle-kit'],
    shapes: [{ sub: ['drop'] }],
    what: 'a generated migration (its SQL file and its journal entry)',
    examples: { blocked: ['npx drizzle-kit drop'], allowed: ['npx drizzle-kit generate', 'npx drizzle-kit migrate', 'drizzle-kit drop --help'] },
  },
  {
    id: 'mikro-orm',
    names: ['mikro-orm'],
    shapes: [{ sub: [['schema:drop', 'schema:fresh']], when: ['--run', '-r'] }, { sub: ['migration:fresh'] }],
    what: 'every table of the database',
    examples: {
      blocked: ['npx mikro-orm schema:drop --run', 'npx mikro-orm schema:fresh -r', 'npx mikro-orm migration:fresh'],
      allowed: ['npx mikro-orm schema:drop --dump', 'npx mikro-orm migration:up', 'npx mikro-orm schema:update --dump'],
    },
  },
  {
    id: 'golang-migrate',
    names: ['migrate'],
    singleDashLong: true,
    takes: ['-path', '-database', '-source', '-lock-timeout', '-prefetch'],
    shapes: [{ task: ['drop'] }, { sub: ['down'], when: ['-all'] }],
    what: 'every table of the database (drop), or every migration rolled back',
    examples: {
      blocked: ['migrate -path migrations -database "$DATABASE_URL" drop -f', 'migrate -path db -database "$DATABASE_URL" down -all'],
      allowed: ['migrate -path migrations -database "$DATABASE_URL" up', 'migrate -path migrations -database "$DATABASE_URL" down 1', 'migrate -version'],
    },
  },
  {
    id: 'dbmate',
    names: ['dbmate'],
    takes: ['-u', '--url', '-e', '--env', '-d', '--migrations-dir', '-s', '--schema-file'],
    shapes: [{ sub: ['drop'] }],
    what: 'the whole database',
    examples: { blocked: ['dbmate drop', 'dbmate -u "$DATABASE_URL" drop'], allowed: ['dbmate up', 'dbmate status', 'dbmate rollback'] },
  },
  {
    id: 'hasura',
    names: ['hasura'],
    takes: ['--endpoint', '--admin-secret', '--database-name', '--project', '--envfile'],
    shapes: [
      { sub: ['migrate', 'apply'], opt: { names: ['--down'], oneOf: ['ALL'] } },
      { sub: ['migrate', 'delete'], when: ['--all'] },
    ],
    what: 'every migration of the database rolled back (its tables with them)',
    examples: {
      blocked: ['hasura migrate apply --down all', 'hasura migrate apply --down all --database-name default'],
      allowed: ['hasura migrate apply', 'hasura migrate apply --down 1', 'hasura migrate status'],
    },
  },
  {
    id: 'atlas',
    names: ['atlas'],
    takes: ['-u', '--url', '--to', '--dev-url', '--env', '-c', '--config', '--schema', '-s'],
    shapes: [{ sub: ['schema', 'clean'], unless: ['--dry-run'] }],
    what: 'every object of the schema (tables, views, functions)',
    examples: {
      blocked: ['atlas schema clean -u "$DATABASE_URL" --auto-approve', 'atlas schema clean -u "$DATABASE_URL"'],
      allowed: ['atlas schema inspect -u "$DATABASE_URL"', 'atlas schema clean -u "$DATABASE_URL" --dry-run', 'atlas migrate status -u "$DATABASE_URL"'],
    },
  },
  {
    id: 'serverless-databases',
    names: ['neonctl', 'neon', 'pscale', 'xata', 'railway'],
    takes: ['--project-id', '--org', '--branch', '-o', '--output'],
    shapes: [
      {
        sub: [
          ['projects', 'project', 'branches', 'branch', 'databases', 'database', 'db', 'roles'],
          ['delete', 'rm', 'remove'],
        ],
      },
      { sub: [['delete']] },
    ],
    what: 'a hosted database, branch or project and its data',
    examples: {
      blocked: ['neonctl projects delete prod', 'pscale database delete prod --force', 'pscale branch delete db main --force', 'railway delete -y'],
      allowed: ['neonctl projects list', 'pscale database list', 'pscale branch list db', 'railway up', 'railway logs'],
    },
  },
  {
    id: 'clusters',
    names: ['eksctl'],
    takes: ['--name', '-n', '--region', '-r', '-f', '--config-file', '-p', '--profile'],
    shapes: [{ sub: ['delete'] }],
    what: 'a Kubernetes cluster (or node group) and every workload and volume in it',
    examples: {
      blocked: ['eksctl delete cluster --name prod', 'eksctl delete nodegroup --cluster prod --name ng-1'],
      allowed: ['eksctl get cluster', 'eksctl create cluster -f c.yaml'],
    },
  },
  {
    // Deleting a namespace deletes everything in it, volumes' data included.
    id: 'kubernetes-namespaces',
    names: ['kubectl', 'oc', 'kubecolor'],
    takes: [
      '-n',
      '--namespace',
      '--context',
      '--cluster',
      '--kubeconfig',
      '--user',
      '-l',
      '--selector',
      '--field-selector',
      '-o',
      '--output',
      '--grace-period',
      '--timeout',
      '-s',
      '--server',
    ],
    shapes: [
      { sub: ['delete', ['ns', 'namespace', 'namespaces']], unless: ['--dry-run'], optNot: { names: KUBE_CONTEXT, like: LOCAL_CLUSTER } },
      { sub: ['delete'], arg: { like: /^(?:ns|namespaces?)\// }, unless: ['--dry-run'], optNot: { names: KUBE_CONTEXT, like: LOCAL_CLUSTER } },
    ],
    // Only in a cluster the line names (without one, kubectl-context asks for it) that is not a local one.
    what: 'a namespace and everything in it (its volumes and their data with it)',
    instead: '{program} get ns',
    examples: {
      blocked: ['kubectl --context prod delete ns --all', 'kubectl --context prod delete namespace payments', 'kubectl --context prod delete ns/payments'],
      allowed: [
        'kubectl --context prod get ns',
        'kubectl --context prod delete pod api-0 -n payments',
        'kubectl --context prod delete ns payments --dry-run=client',
      ],
    },
  },
  {
    // A whole collection or index of a vector or search store deleted over its REST API: Qdrant and
    // Typesense /collections/NAME, Chroma /api/vN/…/collections/NAME, Meilisearch /indexes/UID,
    // Weaviate /v1/schema/CLASS (the class and every object of it).
    id: 'vector-search-http',
    names: ['curl', 'http', 'https', 'xh', 'wget'],
    takes: CURL_TAKES,
    shapes: [
      { opt: { names: ['-X', '--request', '--method'], oneOf: ['DELETE'] }, urlPath: WHOLE_COLLECTION },
      { sub: [['DELETE', 'delete']], urlPath: WHOLE_COLLECTION },
    ],
    what: 'a whole collection or index of the vector or search store, and everything in it',
    examples: {
      blocked: [
        'curl -s -X DELETE http://localhost:6333/collections/docs',
        'curl -X DELETE http://localhost:7700/indexes/movies',
        'http DELETE localhost:8080/v1/schema/Article',
        'curl -X DELETE http://localhost:8000/api/v1/collections/notes',
      ],
      allowed: [
        'curl -s http://localhost:6333/collections/docs',
        'curl -X DELETE http://localhost:7700/indexes/movies/documents/42',
        `curl -X POST http://localhost:6333/collections/docs/points/delete -d '{"points":[1]}'`,
      ],
    },
  },
  {
    // A Kafka topic deleted: every message in it, for every consumer.
    id: 'kafka-topics',
    names: ['kafka-topics', 'kafka-topics.sh'],
    takes: ['--bootstrap-server', '--zookeeper', '--topic', '--command-config', '--partitions', '--replication-factor', '--config', '--delete-config'],
    shapes: [{ when: ['--delete'] }],
    what: 'Kafka topics and every message in them',
    instead: '{program} --bootstrap-server localhost:9092 --list',
    examples: {
      blocked: [
        'kafka-topics.sh --bootstrap-server localhost:9092 --delete --topic "orders.*"',
        'kafka-topics --bootstrap-server b:9092 --topic events --delete',
      ],
      allowed: ['kafka-topics.sh --bootstrap-server localhost:9092 --list', 'kafka-topics --bootstrap-server b:9092 --describe --topic events'],
    },
  },
  {
    // A Helm release of a database uninstalled: its StatefulSet, services and (by its chart's hooks or
    // a Delete reclaim policy) its data. Other releases are the kubectl-context guard's.
    id: 'helm-database-release',
    names: ['helm'],
    takes: ['-n', '--namespace', '--kube-context', '--kubeconfig', '--kube-apiserver', '--kube-token', '--timeout', '--cascade', '--description'],
    shapes: [{ sub: [['uninstall', 'delete', 'del', 'un']], arg: { like: DATABASE_RELEASE }, unless: ['--dry-run'] }],
    what: 'a database deployed by Helm, and its data',
    instead: '{program} status',
    examples: {
      blocked: ['helm --kube-context prod uninstall postgres -n data', 'helm uninstall my-redis --kube-context prod'],
      allowed: [
        'helm --kube-context prod status postgres -n data',
        'helm uninstall web --kube-context dev',
        'helm uninstall postgres --dry-run --kube-context prod',
      ],
    },
  },
  {
    id: 'backups',
    names: ['borg', 'borgmatic', 'restic', 'velero', 'kopia'],
    takes: ['-r', '--repo', '--repository', '--password-file', '-p', '--tag', '--host', '--path', '--selector', '-n', '--namespace'],
    shapes: [
      { sub: ['delete'], unless: ['--dry-run', '-n'] },
      { sub: [['backup', 'backups', 'restore', 'schedule'], 'delete'] },
      { sub: ['snapshot', ['delete', 'rm']] },
      {
        sub: ['forget'],
        unless: [
          '--keep-last',
          '--keep-hourly',
          '--keep-daily',
          '--keep-weekly',
          '--keep-monthly',
          '--keep-yearly',
          '--keep-within',
          '--keep-tag',
          '--dry-run',
          '-n',
        ],
      },
    ],
    what: 'backups (archives or snapshots deleted from the repository)',
    examples: {
      blocked: [
        'BORG_DELETE_I_KNOW_WHAT_I_AM_DOING=YES borg delete ::',
        "restic forget --prune $(restic snapshots -q --json | jq -r '.[].id')",
        'velero backup delete --all --confirm',
      ],
      allowed: ['borg list ::', 'restic snapshots', 'restic forget --keep-last 10 --prune', 'velero backup get', 'borg delete --dry-run ::old'],
    },
  },
  {
    id: 'nomad',
    names: ['nomad'],
    singleDashLong: true,
    takes: ['-address', '-namespace', '-region', '-token'],
    shapes: [{ sub: ['job', 'stop'], when: ['-purge'] }, { sub: ['stop'], when: ['-purge'] }, { sub: ['volume', ['delete', 'deregister']] }],
    what: 'a Nomad job purged from the cluster, or a volume and its data',
    examples: {
      blocked: ['nomad job stop -purge api', 'nomad volume delete pgdata'],
      allowed: ['nomad job status', 'nomad job stop api', 'nomad volume status'],
    },
  },
  {
    // PowerShell modules' cmdlets that delete a cloud resource or a database (kept as written by the translation).
    id: 'powershell-cloud',
    names: [
      'Remove-AzResourceGroup',
      'Remove-AzSqlDatabase',
      'Remove-AzSqlServer',
      'Remove-AzStorageAccount',
      'Remove-AzCosmosDBAccount',
      'Remove-AzKeyVault',
      'Remove-AzVM',
      'Remove-S3Bucket',
      'Remove-DDBTable',
      'Remove-RDSDBInstance',
      'Remove-RDSDBCluster',
      'Remove-GcsBucket',
      'Remove-SqlDatabase',
    ].flatMap((n) => [n, n.toLowerCase()]),
    singleDashLong: true,
    takes: ['-Name', '-ResourceGroupName', '-BucketName', '-TableName', '-DBInstanceIdentifier', '-ServerName', '-DatabaseName', '-VaultName'],
    shapes: [{ unless: ['-WhatIf', '-whatif'] }],
    what: 'a cloud resource group, database, bucket or store and its data',
    examples: {
      blocked: ['Remove-AzResourceGroup -Name prod-rg -Force', 'Remove-S3Bucket -BucketName prod -DeleteBucketContent -Force'],
      allowed: ['Remove-AzResourceGroup -Name prod-rg -WhatIf'],
    },
  },
  {
    id: 'laravel-rollback',
    names: ['artisan'],
    takes: ['--env', '--database', '--path', '--step', '--batch'],
    shapes: [{ sub: ['migrate:rollback'], opt: { names: ['--step'], like: /^(?:[1-9]\d+)$/ } }],
    what: 'ten or more migrations rolled back at once (the tables they created, with their rows)',
    examples: { blocked: ['php artisan migrate:rollback --step=100'], allowed: ['php artisan migrate:rollback', 'php artisan migrate:rollback --step=2'] },
  },
  {
    id: 'memcached-wire',
    names: ['nc', 'ncat', 'netcat', 'telnet', 'socat'],
    shapes: [{ stdin: 'wire' }],
    what: 'every key in the cache',
    examples: {
      blocked: ['echo flush_all | nc localhost 11211', "printf 'flush_all\\r\\n' | nc -q1 localhost 11211", 'echo FLUSHALL | nc localhost 6379'],
      allowed: ['echo stats | nc localhost 11211', "printf 'get user:1\\r\\n' | nc localhost 11211", 'nc -zv localhost 5432'],
    },
  },
];

/**
 * Folders where database servers keep their files: deleting under one destroys the database
 * (rm -rf /var/lib/postgresql/data). Matched at the folder or below, by absolute path.
 */
export const DATA_DIRS: { dir: string; what: string }[] = [
  { dir: '/var/lib/postgresql', what: "PostgreSQL's data directory" },
  { dir: '/var/lib/pgsql', what: "PostgreSQL's data directory" },
  { dir: '/usr/local/var/postgres', what: "PostgreSQL's data directory" },
  { dir: '/usr/local/var/postgresql', what: "PostgreSQL's data directory" },
  { dir: '/opt/homebrew/var/postgres', what: "PostgreSQL's data directory" },
  { dir: '/opt/homebrew/var/postgresql', what: "PostgreSQL's data directory" },
  { dir: '/var/lib/mysql', what: "MySQL's data directory" },
  { dir: '/usr/local/var/mysql', what: "MySQL's data directory" },
  { dir: '/opt/homebrew/var/mysql', what: "MySQL's data directory" },
  { dir: '/var/lib/mariadb', what: "MariaDB's data directory" },
  { dir: '/var/lib/mongodb', what: "MongoDB's data directory" },
  { dir: '/var/lib/mongo', what: "MongoDB's data directory" },
  { dir: '/data/db', what: "MongoDB's data directory" },
  { dir: '/var/lib/redis', what: "Redis's data directory" },
  { dir: '/var/lib/cassandra', what: "Cassandra's data directory" },
  { dir: '/var/lib/elasticsearch', what: "Elasticsearch's data directory" },
  { dir: '/var/lib/opensearch', what: "OpenSearch's data directory" },
  { dir: '/var/lib/clickhouse', what: "ClickHouse's data directory" },
  { dir: '/var/lib/etcd', what: "etcd's data directory" },
  { dir: '/var/lib/influxdb', what: "InfluxDB's data directory" },
  { dir: '/var/lib/couchdb', what: "CouchDB's data directory" },
  { dir: '/var/lib/neo4j', what: "Neo4j's data directory" },
  { dir: '/var/lib/rabbitmq', what: "RabbitMQ's data directory" },
  { dir: '/var/lib/docker/volumes', what: "Docker's volumes" },
  { dir: '/var/lib/containers/storage/volumes', what: "Podman's volumes" },
];

export const DATA_DIR_EXAMPLES = {
  blocked: ['rm -rf /var/lib/postgresql/data', 'sudo rm -rf /var/lib/mysql', 'rm -rf /var/lib/docker/volumes/app_pgdata', 'rm -rf /var/lib/mongodb/*'],
  allowed: ['ls /var/lib/postgresql', 'rm -rf ./data/postgres', 'du -sh /var/lib/mysql'],
};

/**
 * Calls in interpreter code (python -c, ruby -e, node -e, rails runner, …) that destroy a database's
 * contents: ORM and driver calls that drop or empty tables, delete every row of a model, flush a
 * cache. Scoped forms (`User.where(…).delete_all`, `.filter(…).delete()`) are not listed.
 */
export const CODE_DESTROYERS: Record<string, { re: RegExp; what: string }[]> = {
  python: [
    { re: /\.drop_all\s*\(/, what: 'drop_all() (every table)' },
    { re: /\.objects\.all\(\)\.delete\(\)|\.objects\.delete\(\)/, what: 'every row of a Django model' },
    { re: /\.query\.delete\(\)|\bquery\([\w.]+\)\.delete\(\)/, what: 'every row of a SQLAlchemy model' },
    { re: /\.flush(?:all|db)\s*\(/, what: 'FLUSHALL (every Redis key)' },
    { re: /\.drop_database\s*\(|\.drop_collection\s*\(/, what: 'a whole database or collection' },
  ],
  ruby: [
    {
      re: /(?<![\w:.)])[A-Z]\w{0,80}(?:::[A-Z]\w{0,80}){0,4}(?:\.all|\.unscoped)?\.(?:delete_all|destroy_all)\b/,
      what: 'every row of a model (delete_all/destroy_all)',
    },
    { re: /\.(?:drop_table|drop_database|truncate|truncate_tables)\b/, what: 'a table or the whole database' },
    { re: /Rake::Task\[['"]db:(?:drop|reset|purge|schema:load)/, what: "the application's database (a rake task)" },
    { re: /\.flush(?:all|db)\b/, what: 'FLUSHALL (every Redis key)' },
  ],
  js: [
    { re: /\.deleteMany\(\s*(?:\{\s*\}\s*)?\)/, what: 'every row or document (deleteMany without a filter)' },
    { re: /\.dropDatabase\s*\(|\.dropCollection\s*\(|\.drop\(\s*\)/, what: 'a whole database or collection' },
    { re: /\.sync\(\s*\{\s*force\s*:\s*true/, what: 'every table (sync({ force: true }) drops and recreates them)' },
    { re: /\bsequelize\.drop\s*\(|\.dropSchema\s*\(|\.truncate\(\s*\)/, what: 'every table' },
    { re: /\.flush(?:All|Db|all|db)\s*\(/, what: 'FLUSHALL (every Redis key)' },
  ],
  php: [
    { re: /::truncate\s*\(|->truncate\s*\(/, what: 'every row of a table' },
    { re: /Schema::(?:drop|dropIfExists|dropAllTables)\s*\(/, what: 'a table or every table' },
    { re: /Artisan::call\(\s*['"](?:migrate:fresh|migrate:reset|db:wipe)/, what: "the application's database" },
    { re: /DB::table\(\s*['"][\w.]+['"]\s*\)->delete\(\)/, what: 'every row of a table' },
  ],
  elixir: [{ re: /Repo\.delete_all\(\s*[A-Z][\w.]*\s*\)/, what: 'every row of a schema (Repo.delete_all)' }],
};
namesOnly(CODE_DESTROYERS);

export const CODE_DESTROYER_EXAMPLES: { command: string; blocked: boolean }[] = [
  { command: "python3 -c 'from app import db; db.drop_all()'", blocked: true },
  { command: `python -c "from app.models import Base, engine; Base.metadata.drop_all(engine)"`, blocked: true },
  { command: `python3 -c "import redis; redis.Redis().flushall()"`, blocked: true },
  { command: `ruby -e "require './config/environment'; User.delete_all"`, blocked: true },
  { command: `node -e "const {PrismaClient}=require('@prisma/client'); new PrismaClient().user.deleteMany()"`, blocked: true },
  { command: `node -e "require('./models').sequelize.sync({ force: true })"`, blocked: true },
  { command: `php -r "require 'vendor/autoload.php'; DB::table('users')->delete();"`, blocked: true },
  { command: `python3 -c "import sqlite3; sqlite3.connect('app.db').execute('DROP TABLE users')"`, blocked: true },
  { command: "python3 -c 'from app import db; db.create_all()'", blocked: false },
  { command: `ruby -e "User.where(id: 1).delete_all"`, blocked: false },
  { command: `node -e "prisma.user.deleteMany({ where: { id: 1 } })"`, blocked: false },
  { command: `python3 -c "print('db.drop_all() is dangerous')"`, blocked: false },
  { command: `python3 -c "import sqlite3; print(sqlite3.connect('app.db').execute('SELECT count(*) FROM users').fetchone())"`, blocked: false },
];
