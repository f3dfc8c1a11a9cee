/**
 * What `npm run deploy` does, as a pure function of what the Cloudflare account already has and
 * what wrangler.toml says, so the plan can be printed (`--dry-run`) and tested without the network.
 * Every step is safe to run twice: a step is planned only for what is missing.
 */
export const PLACEHOLDER_DATABASE_ID = "00000000-0000-4000-8000-000000000000";

export type DeployConfig = {
  workerName: string;
  databaseName: string;
  /** The `database_id` in wrangler.toml (the placeholder until the database exists). */
  databaseId: string;
  queues: string[];
  /** R2 buckets (session archives, ADR 0048). */
  buckets: string[];
  /** Secrets the Worker refuses to run without. */
  requiredSecrets: string[];
};

/** What the account has, or null when it could not be read (not signed in, or offline). */
export type AccountState = {
  databases: { name: string; uuid: string }[];
  queues: string[];
  buckets: string[];
  secrets: string[];
} | null;

export type DeployStep =
  | { kind: "create-database"; name: string }
  | { kind: "use-database-id"; name: string; uuid: string }
  | { kind: "create-queue"; name: string }
  | { kind: "create-bucket"; name: string }
  | { kind: "put-secret"; name: string }
  | { kind: "build" }
  | { kind: "migrate"; databaseName: string }
  | { kind: "deploy"; workerName: string };

export function planDeploy(config: DeployConfig, account: AccountState): DeployStep[] {
  const steps: DeployStep[] = [];
  const existing = account?.databases.find((database) => database.name === config.databaseName);
  if (!existing) steps.push({ kind: "create-database", name: config.databaseName });
  else if (existing.uuid !== config.databaseId) steps.push({ kind: "use-database-id", name: config.databaseName, uuid: existing.uuid });
  for (const queue of config.queues) if (!account?.queues.includes(queue)) steps.push({ kind: "create-queue", name: queue });
  for (const bucket of config.buckets) if (!account?.buckets.includes(bucket)) steps.push({ kind: "create-bucket", name: bucket });
  for (const secret of config.requiredSecrets) if (!account?.secrets.includes(secret)) steps.push({ kind: "put-secret", name: secret });
  steps.push({ kind: "build" }, { kind: "migrate", databaseName: config.databaseName }, { kind: "deploy", workerName: config.workerName });
  return steps;
}

/** One line a district's IT person can read, with the command it runs. */
export function describeStep(step: DeployStep): string {
  switch (step.kind) {
    case "create-database":
      return `Create the D1 database "${step.name}" and write its id into wrangler.toml   (wrangler d1 create ${step.name})`;
    case "use-database-id":
      return `Write the existing D1 database's id ${step.uuid} into wrangler.toml (it has another id)`;
    case "create-queue":
      return `Create the queue "${step.name}"   (wrangler queues create ${step.name})`;
    case "create-bucket":
      return `Create the R2 bucket "${step.name}"   (wrangler r2 bucket create ${step.name})`;
    case "put-secret":
      return `Set the secret ${step.name}: asks once for a value, or generates 48 random characters   (wrangler secret put ${step.name})`;
    case "build":
      return "Build the Worker   (npm run build)";
    case "migrate":
      return `Apply the database migrations not yet applied   (wrangler d1 migrations apply DB --remote)`;
    case "deploy":
      return `Deploy the Worker "${step.workerName}"   (wrangler deploy)`;
  }
}

/** The wrangler.toml values the plan needs, read from its text. */
export function readDeployConfig(toml: string): DeployConfig {
  const value = (pattern: RegExp, what: string) => {
    const found = pattern.exec(toml)?.[1];
    if (!found) throw new Error(`wrangler.toml has no ${what}`);
    return found;
  };
  const queues = [...new Set([...toml.matchAll(/^\s*(?:queue|dead_letter_queue)\s*=\s*"([^"]+)"/gm)].map((match) => match[1]!))];
  return {
    workerName: value(/^name\s*=\s*"([^"]+)"/m, "name"),
    databaseName: value(/^database_name\s*=\s*"([^"]+)"/m, "database_name"),
    databaseId: value(/^database_id\s*=\s*"([^"]+)"/m, "database_id"),
    queues,
    buckets: [...new Set([...toml.matchAll(/^\s*bucket_name\s*=\s*"([^"]+)"/gm)].map((match) => match[1]!))],
    // Sign-in through the district's identity provider needs its client secret too.
    requiredSecrets: /^OIDC_ISSUER\s*=\s*"[^"]+"/m.test(toml) ? ["SESSION_SECRET", "OIDC_CLIENT_SECRET"] : ["SESSION_SECRET"],
  };
}

/** wrangler.toml with the database's id in place of the one it had. */
export function withDatabaseId(toml: string, uuid: string): string {
  return toml.replace(/^(database_id\s*=\s*)"[^"]*"/m, `$1"${uuid}"`);
}
