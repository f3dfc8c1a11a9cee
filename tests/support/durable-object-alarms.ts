/**
 * Runs a Durable Object's alarm now, the way @cloudflare/vitest-pool-workers' runDurableObjectAlarm
 * does (we drive plain Miniflare, not that pool). workerd refuses `alarm` over RPC (it is a
 * reserved method) and Miniflare has no alarm helper, so the test harness wraps the bundle's
 * Durable Object classes in subclasses with three extra RPC methods, as Miniflare's own local
 * explorer wraps them to reach their storage. Production classes carry no test-only code; the
 * wrapper exists only in the Miniflare instance a test starts with `triggerableAlarms`.
 */
const RUN_ALARM = "__harnessRunAlarm";
const SCHEDULED_ALARM = "__harnessScheduledAlarm";
const STORED_KEYS = "__harnessStoredKeys";

/** The entry module that re-exports `bundleModule` with its Durable Object classes wrapped. */
export function alarmHarnessEntry(bundleModule: string, classNames: readonly string[]): string {
  const wrappers = classNames.map(
    (name) => `export class ${name} extends bundle.${name} {
  async ${RUN_ALARM}() {
    const scheduledAt = await this.ctx.storage.getAlarm();
    if (scheduledAt === null) return false;
    await this.ctx.storage.deleteAlarm();
    await this.alarm();
    return true;
  }
  ${SCHEDULED_ALARM}() {
    return this.ctx.storage.getAlarm();
  }
  async ${STORED_KEYS}() {
    return [...(await this.ctx.storage.list()).keys()];
  }
}`,
  );
  return [`import * as bundle from "./${bundleModule}";`, `export * from "./${bundleModule}";`, "export default bundle.default;", ...wrappers].join("\n");
}

type Harnessed = {
  [RUN_ALARM]: () => Promise<boolean>;
  [SCHEDULED_ALARM]: () => Promise<number | null>;
  [STORED_KEYS]: () => Promise<string[]>;
};

/** Runs and removes the object's scheduled alarm; false when none was scheduled. */
export function runDurableObjectAlarm(stub: object): Promise<boolean> {
  return (stub as Harnessed)[RUN_ALARM]();
}

/** When the object's alarm is scheduled (epoch ms), or null. */
export function scheduledAlarm(stub: object): Promise<number | null> {
  return (stub as Harnessed)[SCHEDULED_ALARM]();
}

/** Every key in the object's storage: empty once it has been emptied. */
export function storedKeys(stub: object): Promise<string[]> {
  return (stub as Harnessed)[STORED_KEYS]();
}
